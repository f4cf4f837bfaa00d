import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import type { JobsTable } from '../../db/schema/jobs.ts';

/** The `jobs` table's queries (the database queue, database.ts, decides when each runs). */

export type JobRow = Pick<JobsTable, 'type' | 'payload' | 'attempts' | 'max_attempts'> & { id: number };

/**
 * One UPDATE that takes due, unleased rows and stamps them with a fresh lease token; on
 * PostgreSQL its subquery locks rows FOR UPDATE SKIP LOCKED so concurrent claimers on many nodes
 * never take the same row; on SQLite the single writer serialises claims.
 */
export async function claimJobs(db: Db, dialect: Dialect, types: readonly string[], limit: number, lease: { token: string; until: number }): Promise<JobRow[]> {
  const now = Date.now();
  return db
    .updateTable('jobs')
    .set((eb) => ({ locked_by: lease.token, locked_until: lease.until, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .where('done_at', 'is', null)
        .where('run_at', '<=', now)
        .where('type', 'in', [...types])
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<', now)]))
        .orderBy('run_at')
        .orderBy('id')
        .limit(limit)
        .$if(dialect === 'postgres', (q) => q.forUpdate().skipLocked()),
    )
    .returning(['id', 'type', 'payload', 'attempts', 'max_attempts'])
    .execute();
}

/** Deletes a job that succeeded, if the lease is still the caller's. */
export async function deleteLeasedJob(db: Db, id: number, token: string): Promise<boolean> {
  const result = await db.deleteFrom('jobs').where('id', '=', id).where('locked_by', '=', token).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Releases a failed job for a retry at `runAt`, or gives up on it (done now); only under the caller's lease. */
export async function releaseLeasedJob(db: Db, id: number, token: string, error: string, next: { done_at: number } | { run_at: number }): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ ...next, last_error: error, locked_by: null, locked_until: null })
    .where('id', '=', id)
    .where('locked_by', '=', token)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function extendLeases(db: Db, tokens: readonly string[], until: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ locked_until: until })
    .where('locked_by', 'in', [...tokens])
    .where('done_at', 'is', null)
    .execute();
}

/** A new pending job; with a dedupe key, nothing when a pending job holds that key already. */
export async function insertJob(db: Db, job: Pick<JobsTable, 'type' | 'payload' | 'dedupe_key' | 'run_at' | 'max_attempts' | 'created_at'>): Promise<void> {
  await db
    .insertInto('jobs')
    .values({ ...job, attempts: 0, locked_by: null, locked_until: null, last_error: null, done_at: null })
    // The conflict target repeats the partial index's predicate: only pending jobs hold a key.
    .$if(job.dedupe_key !== null, (q) => q.onConflict((oc) => oc.column('dedupe_key').where('done_at', 'is', null).doNothing()))
    .execute();
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
