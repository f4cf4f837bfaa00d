import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../db/database.ts';
import type { JobQueue, JobRequest, WorkerOptions } from './job-queue.ts';
import { claimJobs, deleteLeasedJob, extendLeases, insertJob, pingDatabase, releaseLeasedJob } from './jobs.repo.ts';
import { DEFAULT_LEASE_MS, DEFAULT_MAX_ATTEMPTS, workerPool, type ClaimedJob, type JobStore, type QueueSettings } from './worker.ts';

/**
 * Jobs in the `jobs` table, on SQLite or PostgreSQL (queries in jobs.repo.ts). A claim stamps due,
 * unleased rows with a fresh lease token. Reports back only count when they carry the token
 * of the current lease, so a job runs to success at most once. Successful jobs are deleted; rows
 * with `done_at` set are jobs the queue gave up on, kept with their last error.
 */
export function createDatabaseQueue(handle: DatabaseHandle, settings: QueueSettings): JobQueue {
  const { db, dialect } = handle;
  const leaseMs = settings.leaseMs ?? DEFAULT_LEASE_MS;

  const store: JobStore = {
    async claim(types, limit) {
      const token = randomUUID();
      const rows = await claimJobs(db, dialect, types, limit, { token, until: Date.now() + leaseMs });
      return rows.map((row): ClaimedJob => ({
        id: String(row.id),
        type: row.type,
        payload: JSON.parse(row.payload) as unknown,
        attempt: row.attempts,
        maxAttempts: row.max_attempts,
        token,
      }));
    },
    complete: (job) => deleteLeasedJob(db, Number(job.id), job.token),
    fail: (job, error, retryInMs) =>
      releaseLeasedJob(db, Number(job.id), job.token, error, retryInMs === null ? { done_at: Date.now() } : { run_at: Date.now() + retryInMs }),
    async extend(jobs) {
      await extendLeases(db, [...new Set(jobs.map((j) => j.token))], Date.now() + leaseMs);
    },
  };

  const pool = workerPool(store, settings);

  return {
    async enqueue(job: JobRequest) {
      const now = Date.now();
      const runAt = job.runAt ?? now;
      // An empty key means no key, as in the Redis queue.
      const dedupeKey = job.dedupeKey === '' ? null : (job.dedupeKey ?? null);
      await insertJob(db, {
        type: job.type,
        payload: JSON.stringify(job.payload ?? null),
        dedupe_key: dedupeKey,
        run_at: runAt,
        max_attempts: Math.max(1, job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
        created_at: now,
      });
      if (runAt <= now) pool.wakeAll();
    },

    start: (options: WorkerOptions) => pool.start(options),

    ping: () => pingDatabase(db),

    async close() {
      await pool.stopAll();
    },
  };
}
