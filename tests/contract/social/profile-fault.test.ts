import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { expectLoggedError } from '../../support/fail-on-unexpected-errors.ts';
import { makeUser, signIn, withCountedTestApp } from '../../support/factories.ts';
import { failed, ok } from '../boards/helpers.ts';

/**
 * A profile edit is one change: the name, its search document and the about text. A trigger
 * makes the search document's write fail, so an edit that did not roll back as a whole would
 * leave a name the search does not know, or an about text without its name.
 */
describe.each(databaseKinds)('a failing profile edit leaves the profile and its search document unchanged on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app));

  async function failSearchDocumentWrites(): Promise<() => Promise<void>> {
    if (kind === 'sqlite') {
      for (const event of ['insert', 'update'])
        await sql
          .raw(`create trigger fail_user_doc_${event} before ${event} on search_users begin select raise(abort, 'injected fault'); end`)
          .execute(t.deps.db);
      return async () => {
        for (const event of ['insert', 'update']) await sql.raw(`drop trigger fail_user_doc_${event}`).execute(t.deps.db);
      };
    }
    await sql
      .raw(`create or replace function injected_fault() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`)
      .execute(t.deps.db);
    await sql.raw(`create trigger fail_user_doc before insert or update on search_users for each row execute function injected_fault()`).execute(t.deps.db);
    return async () => {
      await sql.raw(`drop trigger fail_user_doc on search_users`).execute(t.deps.db);
    };
  }

  const snapshot = async (userId: string) =>
    JSON.stringify(
      await Promise.all([
        t.deps.db.selectFrom('users').select(['first_name', 'last_name', 'updated_at']).where('id', '=', userId).execute(),
        t.deps.db.selectFrom('user_profiles').select(['about', 'updated_at']).where('user_id', '=', userId).execute(),
        t.deps.db.selectFrom('search_users').select(['username', 'full_name']).where('user_id', '=', userId).execute(),
      ]),
    );

  it('rolls back whole, and goes through once the fault is gone', async () => {
    const me = await makeUser(t.deps, 'faultprofile');
    const browser = await signIn(t, me);
    ok(await browser.resource('UserResource', 'update', { about: 'Before.' }));
    const before = await snapshot(me.id);
    const restore = await failSearchDocumentWrites();
    try {
      expectLoggedError(1);
      failed(await browser.resource('UserResource', 'update', { first_name: 'Ondine', about: 'After.' }), 500);
    } finally {
      await restore();
    }
    expect(await snapshot(me.id)).toBe(before);
    expect(
      ok<{ first_name: string; about: string }>(await browser.resource('UserResource', 'update', { first_name: 'Ondine', about: 'After.' })),
    ).toMatchObject({ first_name: 'Ondine', about: 'After.' });
  });
});
