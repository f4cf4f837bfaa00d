import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { runScript } from '../redis-script.ts';
import type { JobQueue, JobRequest, WorkerOptions } from './job-queue.ts';
import { claimScript, completeScript, enqueueScript, extendScript, failScript } from './redis-scripts.ts';
import { DEFAULT_LEASE_MS, DEFAULT_MAX_ATTEMPTS, workerPool, type ClaimedJob, type JobStore, type QueueSettings } from './worker.ts';

const DEAD_RETENTION_MS = 7 * 24 * 3_600_000;

const ClaimReply = z.array(z.tuple([z.string(), z.string(), z.string(), z.number(), z.number()]));

/**
 * Jobs in Redis: a sorted set of due ids per type and a sorted set of leases, moved between by Lua
 * scripts so every step is atomic across nodes (see redis-scripts.ts). A worker that dies leaves
 * a lease that runs out; the next claim puts the job back. Reports carry the lease token, so a
 * job runs to success at most once. Needs one Redis (or a Sentinel group), not Redis Cluster:
 * the scripts build key names from job ids.
 */
export function createRedisQueue(redis: Redis, settings: QueueSettings & { prefix: string }): JobQueue {
  const p = `${settings.prefix}queue:`;
  const leaseMs = settings.leaseMs ?? DEFAULT_LEASE_MS;
  const run = (script: Parameters<typeof runScript>[1], args: (string | number)[]) => runScript(redis, script, [], [p, ...args]);

  const store: JobStore = {
    async claim(types, limit) {
      const token = randomUUID();
      const reply = ClaimReply.parse(await run(claimScript, [leaseMs, limit, token, ...types]));
      return reply.map(([id, type, payload, attempt, maxAttempts]): ClaimedJob => ({
        id,
        type,
        payload: JSON.parse(payload) as unknown,
        attempt,
        maxAttempts,
        token,
      }));
    },

    async complete(job) {
      return (await run(completeScript, [job.id, job.token])) === 1;
    },

    async fail(job, error, retryInMs) {
      return (await run(failScript, [job.id, job.token, error, retryInMs ?? '', DEAD_RETENTION_MS])) === 1;
    },

    async extend(jobs) {
      await run(extendScript, [leaseMs, ...jobs.flatMap((j) => [j.id, j.token])]);
    },
  };

  const pool = workerPool(store, settings);

  return {
    async enqueue(job: JobRequest) {
      const runAt = job.runAt ?? Date.now();
      const maxAttempts = Math.max(1, job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
      const payload = JSON.stringify(job.payload ?? null);
      await run(enqueueScript, [job.type, payload, runAt, maxAttempts, job.dedupeKey ?? '']);
      if (runAt <= Date.now()) pool.wakeAll();
    },

    start: (options: WorkerOptions) => pool.start(options),

    async ping() {
      await redis.ping();
    },

    async close() {
      // The connection is shared with the other Redis ports; its owner closes it.
      await pool.stopAll();
    },
  };
}
