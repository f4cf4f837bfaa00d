import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.ts';
import type { JobQueue, JobRequest, WorkerOptions } from './job-queue.ts';
import { DEFAULT_LEASE_MS, DEFAULT_MAX_ATTEMPTS, workerPool, type ClaimedJob, type JobStore, type QueueSettings } from './worker.ts';

/**
 * Jobs in the `jobs` table, on SQLite or PostgreSQL. A claim is one UPDATE that takes due,
 * unleased rows and stamps them with a fresh lease token; on PostgreSQL its subquery locks rows
 * FOR UPDATE SKIP LOCKED so concurrent claimers on many nodes never take the same row, and on
 * SQLite the single writer serialises claims. Reports back only count when they carry the token
 * of the current lease, so a job runs to success at most once. Successful jobs are deleted; rows
 * with `done_at` set are jobs the queue gave up on, kept with their last error.
 */
export function createDatabaseQueue(handle: DatabaseHandle, settings: QueueSettings): JobQueue {
  const { db, dialect } = handle;
  const leaseMs = settings.leaseMs ?? DEFAULT_LEASE_MS;

  const store: JobStore = {
    async claim(types, limit) {
      const now = Date.now();
      const token = randomUUID();
      const rows = await db
        .updateTable('jobs')
        .set((eb) => ({ locked_by: token, locked_until: now + leaseMs, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('jobs')
            .select('id')
            .where('done_at', 'is', null)
            .where('run_at', '<=', now)
            .where('type', 'in', types)
            .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<', now)]))
            .orderBy('run_at')
            .orderBy('id')
            .limit(limit)
            .$if(dialect === 'postgres', (q) => q.forUpdate().skipLocked()),
        )
        .returning(['id', 'type', 'payload', 'attempts', 'max_attempts'])
        .execute();
      return rows.map((row): ClaimedJob => ({
        id: String(row.id),
        type: row.type,
        payload: JSON.parse(row.payload) as unknown,
        attempt: row.attempts,
        maxAttempts: row.max_attempts,
        token,
      }));
    },

    async complete(job) {
      const result = await db.deleteFrom('jobs').where('id', '=', Number(job.id)).where('locked_by', '=', job.token).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async fail(job, error, retryInMs) {
      const now = Date.now();
      const next = retryInMs === null ? { done_at: now } : { run_at: now + retryInMs };
      const result = await db
        .updateTable('jobs')
        .set({ ...next, last_error: error, locked_by: null, locked_until: null })
        .where('id', '=', Number(job.id))
        .where('locked_by', '=', job.token)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async extend(jobs) {
      const tokens = [...new Set(jobs.map((j) => j.token))];
      await db
        .updateTable('jobs')
        .set({ locked_until: Date.now() + leaseMs })
        .where('locked_by', 'in', tokens)
        .where('done_at', 'is', null)
        .execute();
    },
  };

  const pool = workerPool(store, settings);

  return {
    async enqueue(job: JobRequest) {
      const now = Date.now();
      const runAt = job.runAt ?? now;
      // An empty key means no key, as in the Redis queue.
      const dedupeKey = job.dedupeKey === '' ? null : (job.dedupeKey ?? null);
      await db
        .insertInto('jobs')
        .values({
          type: job.type,
          payload: JSON.stringify(job.payload ?? null),
          dedupe_key: dedupeKey,
          run_at: runAt,
          attempts: 0,
          max_attempts: Math.max(1, job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
          locked_by: null,
          locked_until: null,
          last_error: null,
          done_at: null,
          created_at: now,
        })
        // The conflict target repeats the partial index's predicate: only pending jobs hold a key.
        .$if(dedupeKey !== null, (q) => q.onConflict((oc) => oc.column('dedupe_key').where('done_at', 'is', null).doNothing()))
        .execute();
      if (runAt <= now) pool.wakeAll();
    },

    start: (options: WorkerOptions) => pool.start(options),

    async ping() {
      await sql`select 1`.execute(db);
    },

    async close() {
      await pool.stopAll();
    },
  };
}
