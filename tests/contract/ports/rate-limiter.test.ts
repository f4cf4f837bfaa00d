import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../../src/server/ports/ratelimit/memory.ts';
import type { RateLimiter } from '../../../src/server/ports/ratelimit/rate-limiter.ts';
import { createRedisRateLimiter } from '../../../src/server/ports/ratelimit/redis.ts';
import { openTestRedis, redisAvailable, removeKeys, testPrefix } from '../../support/redis.ts';
import { sleep, waitFor } from './support/wait.ts';

const prefix = testPrefix();
const redisClients: Redis[] = [];

/** Two limiters sharing their counts, as two nodes would. */
const kinds: { name: string; pair(): [RateLimiter, RateLimiter] }[] = [
  {
    name: 'memory',
    pair() {
      const limiter = createMemoryRateLimiter();
      return [limiter, limiter];
    },
  },
  ...(redisAvailable
    ? [
        {
          name: 'redis',
          pair(): [RateLimiter, RateLimiter] {
            const [a, b] = [openTestRedis(), openTestRedis()];
            redisClients.push(a, b);
            return [createRedisRateLimiter(a, prefix), createRedisRateLimiter(b, prefix)];
          },
        },
      ]
    : []),
];

const unique = (name: string) => `${name}:${randomBytes(4).toString('hex')}`;

afterAll(async () => {
  if (!redisAvailable) return;
  const cleaner = openTestRedis();
  await removeKeys(cleaner, prefix);
  await Promise.all([cleaner, ...redisClients].map((c) => c.quit()));
});

describe.each(kinds)('RateLimiter: $name', (kind) => {
  it('allows `limit` hits in a window, then denies with a retry time', async () => {
    const [limiter] = kind.pair();
    const key = unique('login:1.2.3.4');
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.hit(key, 3, 60_000));
    expect(decisions.slice(0, 3)).toEqual([
      { allowed: true, remaining: 2, retryAfterMs: 0 },
      { allowed: true, remaining: 1, retryAfterMs: 0 },
      { allowed: true, remaining: 0, retryAfterMs: 0 },
    ]);
    expect(decisions[3]).toMatchObject({ allowed: false, remaining: 0 });
    expect(decisions[3]?.retryAfterMs).toBeGreaterThan(0);
    expect(decisions[3]?.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('peeks at a key without counting a hit', async () => {
    const [a, b] = kind.pair();
    const key = unique('loginAddress:1.2.3.4');
    expect(await a.peek(key, 2)).toEqual({ allowed: true, remaining: 2, retryAfterMs: 0 });
    await a.hit(key, 2, 60_000);
    expect(await b.peek(key, 2)).toEqual({ allowed: true, remaining: 1, retryAfterMs: 0 });
    expect(await b.peek(key, 2)).toEqual({ allowed: true, remaining: 1, retryAfterMs: 0 });
    await b.hit(key, 2, 60_000);
    const spent = await a.peek(key, 2);
    expect(spent).toMatchObject({ allowed: false, remaining: 0 });
    expect(spent.retryAfterMs).toBeGreaterThan(0);
    expect(spent.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('counts keys separately', async () => {
    const [limiter] = kind.pair();
    const [one, two] = [unique('user:1'), unique('user:2')];
    await limiter.hit(one, 1, 60_000);
    expect((await limiter.hit(one, 1, 60_000)).allowed).toBe(false);
    expect((await limiter.hit(two, 1, 60_000)).allowed).toBe(true);
  });

  it('shares one count between instances under concurrent hits', async () => {
    const [a, b] = kind.pair();
    const key = unique('signup');
    const decisions = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).hit(key, 10, 60_000)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
  });

  it('starts a new window once the old one ends', async () => {
    const [limiter] = kind.pair();
    const key = unique('pin:create');
    await limiter.hit(key, 2, 100);
    await limiter.hit(key, 2, 100);
    const denied = await limiter.hit(key, 2, 100);
    expect(denied.allowed).toBe(false);
    await sleep(denied.retryAfterMs);
    let fresh = denied;
    await waitFor('the window to end', async () => {
      fresh = await limiter.hit(key, 2, 100);
      return fresh.allowed;
    });
    // The first hit of the new window counts as one: the old count is gone.
    expect(fresh).toEqual({ allowed: true, remaining: 1, retryAfterMs: 0 });
  });
});
