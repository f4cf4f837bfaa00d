import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { expectLoggedError } from '../../support/fail-on-unexpected-errors.ts';
import { makeBoard, makePin, makeUser, signIn, withCountedTestApp } from '../../support/factories.ts';
import { failed, ok } from '../boards/helpers.ts';

/**
 * A reaction and its count are one change: the reaction row is written before the count, and a
 * trigger makes the count's write fail, so a reaction that did not roll back as a whole would
 * leave a reaction without its count (the counter check after the test would find it).
 */
describe.each(databaseKinds)('a failing reaction leaves reactions and counts unchanged on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app));

  async function failCountWritesOf(pinId: string): Promise<() => Promise<void>> {
    const name = `fail_reaction_${pinId}`;
    if (kind === 'sqlite') {
      for (const event of ['insert', 'update', 'delete']) {
        const row = event === 'delete' ? 'old' : 'new';
        await sql
          .raw(
            `create trigger ${name}_${event} before ${event} on pin_reaction_counts when ${row}.pin_id = '${pinId}' begin select raise(abort, 'injected fault'); end`,
          )
          .execute(t.deps.db);
      }
      return async () => {
        for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger ${name}_${event}`).execute(t.deps.db);
      };
    }
    await sql
      .raw(`create or replace function injected_fault() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`)
      .execute(t.deps.db);
    await sql
      .raw(`create trigger ${name} before insert or update or delete on pin_reaction_counts for each row execute function injected_fault()`)
      .execute(t.deps.db);
    return async () => {
      await sql.raw(`drop trigger ${name} on pin_reaction_counts`).execute(t.deps.db);
    };
  }

  const snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        t.deps.db.selectFrom('pin_reactions').selectAll().orderBy('pin_id').orderBy('user_id').execute(),
        t.deps.db.selectFrom('pin_reaction_counts').selectAll().orderBy('pin_id').orderBy('reaction_type').execute(),
      ]),
    );

  it('react and unreact roll back whole, and go through once the fault is gone', async () => {
    const creator = await makeUser(t.deps, 'faultcreator');
    const { pin } = await makePin(t.deps, creator, await makeBoard(t.deps, creator));
    const [liker, newcomer] = [await signIn(t, await makeUser(t.deps, 'faultliker')), await signIn(t, await makeUser(t.deps, 'faultnew'))];
    ok(await liker.resource('ReactionsResource', 'create', { pin_id: pin.id, reaction_type: 1 }));
    const before = await snapshot();
    const restore = await failCountWritesOf(pin.id);
    try {
      expectLoggedError(2);
      failed(await newcomer.resource('ReactionsResource', 'create', { pin_id: pin.id, reaction_type: 1 }), 500);
      failed(await liker.resource('ReactionsResource', 'delete', { pin_id: pin.id }), 500);
    } finally {
      await restore();
    }
    expect(await snapshot()).toBe(before);
    expect(
      ok<{ pin: { reaction_counts: Record<string, number> } }>(await newcomer.resource('ReactionsResource', 'create', { pin_id: pin.id, reaction_type: 1 })).pin
        .reaction_counts,
    ).toEqual({ '1': 2 });
  });
});
