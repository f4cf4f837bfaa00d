import { sql, type ControlledTransaction, type Transaction } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

/**
 * Group commit for SQLite. A durable commit costs one fsync however many changes it carries, and
 * SQLite runs one writer at a time anyway; so the transactions that arrive while one group is
 * open join it, each inside its own savepoint, and share its single commit. A transaction that
 * fails rolls back to its savepoint and fails alone; every caller hears back only after the
 * commit, so nobody is told "saved" before it is on disk. If the commit itself fails, every
 * caller in the group gets that error and none of their changes is written
 * (docs/decisions/0021-group-commit.md).
 */
export type Work<T> = (trx: Transaction<Database>) => Promise<T>;

/** Whether a failed attempt may run again (a unique constraint a concurrent writer won). */
export type RetryPolicy = { attempts: number; retryable: (error: unknown) => boolean };

type Waiting = { work: Work<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };
type Outcome = { waiting: Waiting; ok: true; value: unknown } | { waiting: Waiting; ok: false; error: unknown };

/** More than this many in one group would keep the first caller waiting too long for its answer. */
const GROUP_MAX = 64;

const groups = new WeakMap<Db, CommitGroup>();

/** Runs `work` in the open group of this database's writer, or opens one. */
export function inCommitGroup<T>(db: Db, work: Work<T>, retry: RetryPolicy): Promise<T> {
  let group = groups.get(db);
  if (!group) {
    group = new CommitGroup(db, retry);
    groups.set(db, group);
  }
  return group.run(work);
}

class CommitGroup {
  private readonly queue: Waiting[] = [];
  private draining = false;
  private readonly db: Db;
  private readonly retry: RetryPolicy;

  constructor(db: Db, retry: RetryPolicy) {
    this.db = db;
    this.retry = retry;
  }

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length > 0) await this.commitOneGroup();
    } finally {
      this.draining = false;
    }
  }

  private async commitOneGroup(): Promise<void> {
    let trx: ControlledTransaction<Database>;
    try {
      trx = await this.db.startTransaction().execute();
    } catch (error) {
      for (const waiting of this.queue.splice(0)) waiting.reject(error);
      return;
    }
    const members: Waiting[] = [];
    const outcomes: Outcome[] = [];
    try {
      while (members.length < GROUP_MAX) {
        const waiting = this.queue.shift() ?? (await this.latecomer());
        if (!waiting) break;
        members.push(waiting);
        outcomes.push(await this.runInSavepoint(trx, waiting));
      }
      await trx.commit().execute();
    } catch (error) {
      // The commit failed, or SQLite abandoned the whole transaction: nothing of the group is written.
      if (!trx.isCommitted && !trx.isRolledBack)
        await trx
          .rollback()
          .execute()
          .catch(() => undefined);
      for (const waiting of members) waiting.reject(error);
      return;
    }
    for (const outcome of outcomes) {
      if (outcome.ok) outcome.waiting.resolve(outcome.value);
      else outcome.waiting.reject(outcome.error);
    }
  }

  /** Lets the requests already read from the network start their transactions before the commit. */
  private async latecomer(): Promise<Waiting | undefined> {
    await new Promise((resolve) => setImmediate(resolve));
    return this.queue.shift();
  }

  /** One caller's transaction: its own savepoint, rolled back alone when it fails, retried when it lost a race. */
  private async runInSavepoint(trx: Transaction<Database>, waiting: Waiting): Promise<Outcome> {
    for (let attempt = 1; ; attempt += 1) {
      await sql`savepoint caller`.execute(trx);
      try {
        const value = await waiting.work(trx);
        await sql`release caller`.execute(trx);
        return { waiting, ok: true, value };
      } catch (error) {
        // If SQLite already ended the transaction this throws, and the whole group fails with it.
        await sql`rollback to caller`.execute(trx);
        await sql`release caller`.execute(trx);
        if (attempt >= this.retry.attempts || !this.retry.retryable(error)) return { waiting, ok: false, error };
      }
    }
  }
}
