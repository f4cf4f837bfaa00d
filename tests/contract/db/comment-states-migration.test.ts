import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, migrations, openDatabase, type DatabaseHandle } from '../../../src/server/db/database.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases.ts';

/*
 * Migration 0027 (docs/decisions/0048) splits the one `hidden` flag of older comments: one with a
 * comment case (an operator's removal, or the flags' hide) becomes `removed`, any other the pin
 * owner's `owner_hidden`; a shown comment neither.
 */
describe.each(databaseKinds)('migration 0027 on %s', (kind) => {
  let database: TestDatabase;
  let handle: DatabaseHandle | null = null;
  afterEach(async () => {
    await handle?.db.destroy();
    handle = null;
    await database.drop();
  });

  it('gives each hidden comment the state of who hid it', async () => {
    database = await createTestDatabase(kind);
    handle = openDatabase(database.database);
    const before = await new Migrator({ db: handle.db, provider: migrations(handle.dialect) }).migrateTo('0025-follow-requests');
    expect(before.error).toBeUndefined();
    const run = (query: string) => sql.raw(query).execute(handle?.db ?? (undefined as never));
    await run(`insert into users (id, username, email, created_at, updated_at) values ('1', 'mig', 'mig@example.com', 1, 1)`);
    await run(`insert into pins (id, creator_id, kind, title, created_at, updated_at) values ('10', '1', 'image', 'P', 1, 1)`);
    for (const [id, hidden] of [
      ['100', 0],
      ['101', 1],
      ['102', 1],
    ] as const)
      await run(`insert into comments (id, pin_id, user_id, text, hidden, created_at, updated_at) values ('${id}', '10', '1', 'c', ${hidden}, 1, 1)`);
    await run(
      `insert into moderation_cases (id, target_type, target_id, status, report_count, opened_at, updated_at) values ('900', 'comment', '102', 'closed', 1, 1, 1)`,
    );
    await migrate(handle);
    const rows = await handle.db.selectFrom('comments').select(['id', 'hidden', 'owner_hidden', 'removed', 'did_it_id']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: '100', hidden: 0, owner_hidden: 0, removed: 0, did_it_id: null },
      { id: '101', hidden: 1, owner_hidden: 1, removed: 0, did_it_id: null },
      { id: '102', hidden: 1, owner_hidden: 0, removed: 1, did_it_id: null },
    ]);
  });
});
