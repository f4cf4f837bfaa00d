import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** Redis suites run when TEST_REDIS_URL is set or a local server answers; CI requires it. */
async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch (error) {
    if (process.env['CI'] || process.env['TEST_REDIS_URL']) throw error;
    return false;
  } finally {
    probe.disconnect();
  }
}

export const redisAvailable = await redisAnswers();

/** A key prefix no other test run shares. */
export function testPrefix(): string {
  return `corkboard-test:${randomBytes(6).toString('hex')}:`;
}

export function openTestRedis(): Redis {
  return new Redis(TEST_REDIS_URL);
}

/** Deletes every key under the prefix. */
export async function removeKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}
