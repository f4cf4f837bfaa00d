import type { Redis } from 'ioredis';
import { migrate, openDatabase, type DatabaseHandle } from '../../../../src/server/db/database.ts';
import { createDatabaseQueue } from '../../../../src/server/ports/queue/database.ts';
import type { JobQueue } from '../../../../src/server/ports/queue/job-queue.ts';
import { createRedisQueue } from '../../../../src/server/ports/queue/redis.ts';
import type { QueueSettings } from '../../../../src/server/ports/queue/worker.ts';
import { createTestDatabase, databaseKinds } from '../../../support/databases.ts';
import { openTestRedis, redisAvailable, removeKeys, testPrefix, TEST_REDIS_URL } from '../../../support/redis.ts';
import { createTestLog } from './test-log.ts';

/** One shared store; every open() is a new queue on its own connection, as another node would be. */
export type QueueBackend = {
  open(settings?: Partial<QueueSettings>): JobQueue;
  /** Arguments for queue-crash-worker.ts to reach the same store from another process. */
  childArgs: string[];
  teardown(): Promise<void>;
};

export type QueueKind = { name: string; setup(): Promise<QueueBackend> };

const settingsWith = (overrides: Partial<QueueSettings>): QueueSettings => ({ log: createTestLog(), backoffBaseMs: 20, ...overrides });

function databaseKind(kind: 'sqlite' | 'postgres'): QueueKind {
  return {
    name: `database(${kind})`,
    async setup() {
      const test = await createTestDatabase(kind);
      const handles: DatabaseHandle[] = [openDatabase(test.database)];
      await migrate(handles[0] as DatabaseHandle);
      const target = test.database.kind === 'sqlite' ? test.database.file : test.database.url;
      return {
        open(settings = {}) {
          const handle = openDatabase(test.database);
          handles.push(handle);
          return createDatabaseQueue(handle, settingsWith(settings));
        },
        childArgs: [kind, target],
        async teardown() {
          await Promise.all(handles.map((h) => h.db.destroy()));
          await test.drop();
        },
      };
    },
  };
}

const redisKind: QueueKind = {
  name: 'redis',
  setup() {
    const prefix = testPrefix();
    const clients: Redis[] = [];
    return Promise.resolve({
      open(settings = {}) {
        const redis = openTestRedis();
        clients.push(redis);
        return createRedisQueue(redis, { ...settingsWith(settings), prefix });
      },
      childArgs: ['redis', TEST_REDIS_URL, prefix],
      async teardown() {
        const cleaner = openTestRedis();
        await removeKeys(cleaner, prefix);
        await Promise.all([cleaner, ...clients].map((c) => c.quit()));
      },
    });
  },
};

export const queueKinds: QueueKind[] = [...databaseKinds.map(databaseKind), ...(redisAvailable ? [redisKind] : [])];
