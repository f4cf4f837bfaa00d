import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache, PubSub } from '../../../src/server/ports/cache/cache.ts';
import { createMemoryCache, createMemoryPubSub } from '../../../src/server/ports/cache/memory.ts';
import { createRedisCache, createRedisPubSub } from '../../../src/server/ports/cache/redis.ts';
import { openTestRedis, redisAvailable, removeKeys, testPrefix } from '../../support/redis.ts';
import { createTestLog, type TestLog } from './support/test-log.ts';
import { waitFor } from './support/wait.ts';

/** Two instances as two nodes would hold them, and what closes them. */
type Pair<T> = { a: T; b: T; log: TestLog; close(): Promise<void> };
type Kind = { name: string; cache(): Pair<Cache>; pubsub(): Pair<PubSub> };

const redisClients: Redis[] = [];
const prefix = testPrefix();
const client = () => {
  const redis = openTestRedis();
  redisClients.push(redis);
  return redis;
};

const memory: Kind = {
  name: 'memory',
  cache() {
    const cache = createMemoryCache();
    return { a: cache, b: cache, log: createTestLog(), close: () => cache.close() };
  },
  // One process has one bus: both "nodes" are the same instance.
  pubsub() {
    const log = createTestLog();
    const pubsub = createMemoryPubSub(log);
    return { a: pubsub, b: pubsub, log, close: () => pubsub.close() };
  },
};

const redis: Kind = {
  name: 'redis',
  cache: () => ({ a: createRedisCache(client(), prefix), b: createRedisCache(client(), prefix), log: createTestLog(), close: () => Promise.resolve() }),
  pubsub() {
    const log = createTestLog();
    const [a, b] = [createRedisPubSub(client(), prefix, log), createRedisPubSub(client(), prefix, log)];
    return {
      a,
      b,
      log,
      async close() {
        await Promise.all([a.close(), b.close()]);
      },
    };
  },
};

const kinds = redisAvailable ? [memory, redis] : [memory];
const unique = (name: string) => `${name}-${randomBytes(4).toString('hex')}`;

afterAll(async () => {
  if (!redisAvailable) return;
  await removeKeys(client(), prefix);
  await Promise.all(redisClients.map((c) => c.quit()));
});

describe.each(kinds)('Cache: $name', (kind) => {
  let pair: Pair<Cache>;
  beforeAll(() => {
    pair = kind.cache();
  });
  afterAll(async () => {
    await pair.close();
  });

  it('round-trips a value between instances', async () => {
    const key = unique('feed:home');
    await pair.a.set(key, '{"ids":["p1","p2"],"note":"Grüße ✓"}', 60_000);
    expect(await pair.b.get(key)).toBe('{"ids":["p1","p2"],"note":"Grüße ✓"}');
  });

  it('answers null for an absent key', async () => {
    expect(await pair.a.get(unique('absent'))).toBeNull();
  });

  it('overwrites and deletes', async () => {
    const key = unique('board');
    await pair.a.set(key, 'one', 60_000);
    await pair.b.set(key, 'two', 60_000);
    expect(await pair.a.get(key)).toBe('two');
    await pair.b.delete(key);
    expect(await pair.a.get(key)).toBeNull();
    await expect(pair.a.delete(key)).resolves.toBeUndefined();
  });

  it('expires a value after its ttl', async () => {
    const [short, long] = [unique('short'), unique('long')];
    await pair.a.set(short, 'soon gone', 30);
    await pair.a.set(long, 'stays', 60_000);
    expect(await pair.a.get(short)).toBe('soon gone');
    await waitFor('the value to expire', async () => (await pair.b.get(short)) === null);
    expect(await pair.b.get(long)).toBe('stays');
  });

  it('answers ping', async () => {
    await expect(pair.a.ping()).resolves.toBeUndefined();
  });
});

describe.each(kinds)('PubSub: $name', (kind) => {
  let pair: Pair<PubSub>;
  beforeAll(() => {
    pair = kind.pubsub();
  });
  afterAll(async () => {
    await pair.close();
  });

  it('delivers messages from one instance to another, in order', async () => {
    const channel = unique('pins');
    const received: string[] = [];
    await pair.a.subscribe(channel, (m) => received.push(m));
    const sent = Array.from({ length: 20 }, (_, i) => `update ${String(i)} ✓`);
    for (const message of sent) await pair.b.publish(channel, message);
    await waitFor('20 messages', () => received.length === 20);
    expect(received).toEqual(sent);
  });

  it('keeps channels apart and reaches every subscriber of a channel', async () => {
    const [one, two] = [unique('one'), unique('two')];
    const got: string[] = [];
    await pair.a.subscribe(one, (m) => got.push(`a1:${m}`));
    await pair.b.subscribe(one, (m) => got.push(`b1:${m}`));
    await pair.a.subscribe(two, (m) => got.push(`a2:${m}`));
    await pair.b.publish(one, 'x');
    await waitFor('two deliveries', () => got.length === 2);
    await pair.a.publish(two, 'y');
    await waitFor('the third delivery', () => got.length === 3);
    expect(got.toSorted()).toEqual(['a1:x', 'a2:y', 'b1:x']);
  });

  it('stops delivering after unsubscribe but keeps other subscribers', async () => {
    const channel = unique('live');
    const first: string[] = [];
    const second: string[] = [];
    const unsubscribe = await pair.a.subscribe(channel, (m) => first.push(m));
    await pair.a.subscribe(channel, (m) => second.push(m));
    await pair.b.publish(channel, 'both');
    await waitFor('both subscribers', () => first.length === 1 && second.length === 1);
    await unsubscribe();
    await pair.b.publish(channel, 'second only');
    // Both handlers of a channel see a message in the same dispatch, so this is final.
    await waitFor('the remaining subscriber', () => second.length === 2);
    expect(first).toEqual(['both']);
  });

  it('keeps delivering to others when one subscriber throws', async () => {
    const channel = unique('faulty');
    const got: string[] = [];
    await pair.a.subscribe(channel, () => {
      throw new Error('subscriber bug');
    });
    await pair.a.subscribe(channel, (m) => got.push(m));
    await pair.b.publish(channel, 'still here');
    await waitFor('the healthy subscriber', () => got.length === 1);
    expect(pair.log.errors).toEqual(['A pub/sub subscriber failed']);
  });
});

describe.runIf(redisAvailable)('Cache: redis prefixes', () => {
  it('isolates instances with different prefixes', async () => {
    const [mine, theirs] = [createRedisCache(client(), prefix), createRedisCache(client(), `${prefix}other:`)];
    await mine.set('shared-name', 'mine', 60_000);
    expect(await theirs.get('shared-name')).toBeNull();
  });
});
