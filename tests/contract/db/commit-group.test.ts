import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transact } from '../../../src/server/db/transaction.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { makeBoard, makeUser } from '../../support/factories.ts';

/**
 * On SQLite, transactions that arrive together share one commit (one fsync), each in its own
 * savepoint (docs/decisions/0021-group-commit.md). What callers must still be able to rely on:
 * an answer only after the commit, a failure that stays their own, and nothing written when the
 * commit itself fails.
 */
describe('group commit on sqlite', () => {
  let t: TestApp;
  let boardIds: string[];

  beforeAll(async () => {
    t = await startTestApp('sqlite', { worker: false });
    const owner = await makeUser(t.deps);
    boardIds = [];
    for (let i = 0; i < 6; i++) boardIds.push((await makeBoard(t.deps, owner, { name: `Board ${String(i)}` })).id);
  });
  afterAll(async () => {
    await t.close();
  });

  const describeAs = (boardId: string, description: string) => (trx: TestApp['deps']['db']) =>
    trx.updateTable('boards').set({ description }).where('id', '=', boardId).execute();

  /** What another process would read: only what is committed to the file. */
  const committedDescriptions = (): Map<string, string> => {
    if (t.config.database.kind !== 'sqlite') throw new Error('sqlite only');
    const reader = new DatabaseSync(t.config.database.file, { readOnly: true });
    try {
      const rows = reader.prepare('select id, description from boards').all() as { id: string; description: string }[];
      return new Map(rows.map((r) => [r.id, r.description]));
    } finally {
      reader.close();
    }
  };

  it('commits transactions that arrive together once, and answers each only when its change is on disk', async () => {
    const before = t.deps.writes.generation;
    const seenAtAnswer: (string | undefined)[] = [];
    await Promise.all(
      boardIds.map((id, i) =>
        transact(t.deps.db, async (trx) => {
          await describeAs(id, `together ${String(i)}`)(trx);
          return id;
        }).then((answered) => seenAtAnswer.push(committedDescriptions().get(answered))),
      ),
    );
    expect(seenAtAnswer.sort()).toEqual(boardIds.map((_, i) => `together ${String(i)}`).sort());
    // Six writing transactions, fewer commits: the write clock advances once per commit.
    const commits = t.deps.writes.generation - before;
    expect(commits).toBeGreaterThanOrEqual(1);
    expect(commits).toBeLessThan(boardIds.length);
  });

  it('rolls back only the transaction that failed, and tells only its caller', async () => {
    const [first = '', failing = '', last = ''] = boardIds;
    const results = await Promise.allSettled([
      transact(t.deps.db, describeAs(first, 'kept first')),
      transact(t.deps.db, async (trx) => {
        await describeAs(failing, 'never written')(trx);
        throw new Error('this one changed its mind');
      }),
      transact(t.deps.db, describeAs(last, 'kept last')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const committed = committedDescriptions();
    expect(committed.get(first)).toBe('kept first');
    expect(committed.get(failing)).not.toBe('never written');
    expect(committed.get(last)).toBe('kept last');
  });

  it('runs a transaction again inside the group when it lost a race on a unique key', async () => {
    let attempts = 0;
    const [id = ''] = boardIds;
    await transact(t.deps.db, async (trx) => {
      attempts += 1;
      await describeAs(id, `attempt ${String(attempts)}`)(trx);
      if (attempts === 1) throw new Error('UNIQUE constraint failed: boards.slug');
    });
    expect(attempts).toBe(2);
    expect(committedDescriptions().get(id)).toBe('attempt 2');
  });

  it('fault: when the commit itself fails, every caller in the group hears of it and nothing is written', async () => {
    const before = committedDescriptions();
    const [a = '', b = ''] = boardIds;
    const results = await Promise.allSettled([
      transact(t.deps.db, describeAs(a, 'lost with the group')),
      transact(t.deps.db, async (trx) => {
        // A foreign key checked only at commit: the commit fails, for the whole group.
        await sql`pragma defer_foreign_keys = on`.execute(trx);
        await trx.updateTable('boards').set({ owner_id: 'no-such-user' }).where('id', '=', b).execute();
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(committedDescriptions()).toEqual(before);
    // The writer is free again: the next transaction commits as usual.
    await transact(t.deps.db, describeAs(a, 'after the failure'));
    expect(committedDescriptions().get(a)).toBe('after the failure');
  });
});
