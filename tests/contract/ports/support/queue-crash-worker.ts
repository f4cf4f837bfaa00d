/**
 * Run by the queue contract test as a separate process that it kills with SIGKILL: claims one job
 * of the given type with a short lease, says so on stdout, and never finishes it.
 * Arguments: sqlite <file> | postgres <url> | redis <url> <prefix>, then the job type (last).
 */
import { Redis } from 'ioredis';
import { openDatabase } from '../../../../src/server/db/database.ts';
import { createDatabaseQueue } from '../../../../src/server/ports/queue/database.ts';
import type { JobQueue } from '../../../../src/server/ports/queue/job-queue.ts';
import { createRedisQueue } from '../../../../src/server/ports/queue/redis.ts';
import { createTestLog } from './test-log.ts';

const [kind, target, ...rest] = process.argv.slice(2);
const type = rest.at(-1);
if (!kind || !target || !type) throw new Error('usage: queue-crash-worker.ts <kind> <target> [prefix] <type>');
const settings = { log: createTestLog(), leaseMs: 400 };

function openQueue(): JobQueue {
  if (kind === 'redis') return createRedisQueue(new Redis(target ?? ''), { ...settings, prefix: rest[0] ?? '' });
  const database = kind === 'sqlite' ? { kind: 'sqlite' as const, file: target ?? '' } : { kind: 'postgres' as const, url: target ?? '' };
  return createDatabaseQueue(openDatabase(database), settings);
}

openQueue().start({
  pollIntervalMs: 20,
  handlers: {
    [type]: (_payload, job) => {
      process.stdout.write(`started ${job.attempt}\n`);
      return new Promise<void>(() => undefined);
    },
  },
});
