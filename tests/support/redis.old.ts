import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** Whether the scale-mode tests can run: CI always has Redis, so there a missing one fails. */
async function redisAnswers(): Promise<boolean> {
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch (error) {
    if (process.env['CI'] || process.env['TEST_REDIS_URL']) throw error;
    return false;
  } finally {
    client.disconnect();
  }
}

export const redisAvailable = await redisAnswers();
