import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { expectLoggedError } from '../../support/fail-on-unexpected-errors.ts';
import { withCountedTestApp, makeBoard, makeMedia, makePin, makeUser, signIn, type TestUser } from '../../support/factories.ts';
import { failed } from '../boards/helpers.ts';

/**
 * A write whose transaction fails midway changes nothing: the board's counters are updated
 * before the owner's profile counters, and a trigger makes the profile update fail, so a save
 * that did not roll back as a whole would leave its board count (and row) behind.
 */
describe.each(databaseKinds)('a failing save or pin leaves every count unchanged on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(
    kind,
    (app) => {
      t = app;
    },
    'at the end',
  );

  async function failProfileUpdatesOf(user: TestUser): Promise<() => Promise<void>> {
    if (kind === 'sqlite') {
      await sql
        .raw(`create trigger fail_${user.id} before update on user_profiles when old.user_id = '${user.id}' begin select raise(abort, 'injected fault'); end`)
        .execute(t.deps.db);
      return async () => {
        await sql.raw(`drop trigger fail_${user.id}`).execute(t.deps.db);
      };
    }
    await sql
      .raw(`create or replace function injected_fault() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`)
      .execute(t.deps.db);
    await sql
      .raw(`create trigger fail_${user.id} before update on user_profiles for each row when (old.user_id = '${user.id}') execute function injected_fault()`)
      .execute(t.deps.db);
    return async () => {
      await sql.raw(`drop trigger fail_${user.id} on user_profiles`).execute(t.deps.db);
    };
  }

  async function snapshot() {
    const db = t.deps.db;
    return JSON.stringify(
      await Promise.all([
        db.selectFrom('boards').selectAll().orderBy('id').execute(),
        db.selectFrom('board_sections').selectAll().orderBy('id').execute(),
        db.selectFrom('pins').selectAll().orderBy('id').execute(),
        db.selectFrom('board_pins').selectAll().orderBy('id').execute(),
        db.selectFrom('user_profiles').selectAll().orderBy('user_id').execute(),
      ]),
    );
  }

  it('save (repin), pin creation, unsave and board deletion roll back whole', async () => {
    const owner = await makeUser(t.deps);
    const creator = await makeUser(t.deps);
    const { pin } = await makePin(t.deps, creator, await makeBoard(t.deps, creator));
    const board = await makeBoard(t.deps, owner);
    const { save } = await makePin(t.deps, owner, board);
    const media = await makeMedia(t.deps, owner);
    const browser = await signIn(t, owner);
    const before = await snapshot();
    const restore = await failProfileUpdatesOf(owner);
    try {
      expectLoggedError(4);
      failed(await browser.resource('RepinResource', 'create', { pin_id: pin.id, board_id: board.id }), 500);
      failed(await browser.resource('PinResource', 'create', { board_id: board.id, media_id: media, title: 'never' }), 500);
      failed(await browser.resource('RepinResource', 'delete', { id: save.id }), 500);
      failed(await browser.resource('BoardResource', 'delete', { board_id: board.id }), 500);
    } finally {
      await restore();
    }
    expect(await snapshot()).toBe(before);
    // And once the fault is gone the same save goes through.
    expect((await browser.resource('RepinResource', 'create', { pin_id: pin.id, board_id: board.id })).statusCode).toBe(200);
  });
});
