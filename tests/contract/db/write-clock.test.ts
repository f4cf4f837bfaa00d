import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makeUser, withCountedTestApp } from '../../support/factories.ts';

/**
 * The write clock advances after each commit that may change what visitors read, and only then:
 * visitor caches rely on it (docs/decisions/0016-visitor-cache.md).
 */
describe.each(databaseKinds)('the write clock on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => {
    t = app;
  });

  const touch = (db: TestApp['deps']['db'], boardId: string) =>
    db
      .updateTable('boards')
      .set({ description: `seen at ${String(Date.now())}` })
      .where('id', '=', boardId)
      .execute();

  it('advances after a write outside a transaction, not after a read', async () => {
    const board = await makeBoard(t.deps, await makeUser(t.deps));
    const before = t.deps.writes.generation;
    await t.deps.db.selectFrom('boards').selectAll().where('id', '=', board.id).execute();
    await sql`select 1`.execute(t.deps.db);
    expect(t.deps.writes.generation).toBe(before);
    await touch(t.deps.db, board.id);
    expect(t.deps.writes.generation).toBe(before + 1);
    await sql`update boards set description = 'raw' where id = ${board.id}`.execute(t.deps.db);
    expect(t.deps.writes.generation).toBe(before + 2);
  });

  it('advances once a transaction commits, not while it runs, and not for a rollback', async () => {
    const board = await makeBoard(t.deps, await makeUser(t.deps));
    const before = t.deps.writes.generation;
    await t.deps.db.transaction().execute(async (trx) => {
      await touch(trx, board.id);
      await touch(trx, board.id);
      // A reader now still sees the old rows, so a page it caches now must stay current.
      expect(t.deps.writes.generation).toBe(before);
    });
    expect(t.deps.writes.generation).toBe(before + 1);
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await touch(trx, board.id);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(t.deps.writes.generation).toBe(before + 1);
  });

  it('ignores writes to bookkeeping tables no page shows', async () => {
    const before = t.deps.writes.generation;
    await t.deps.db.deleteFrom('sessions').where('id_hash', '=', 'no-such-session').execute();
    await t.deps.db.deleteFrom('jobs').where('dedupe_key', '=', 'no-such-job').execute();
    expect(t.deps.writes.generation).toBe(before);
  });
});
