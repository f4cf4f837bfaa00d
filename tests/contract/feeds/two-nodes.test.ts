import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { decodeHomeBookmark } from '../../../src/server/feeds/home-bookmark.ts';
import { loadList } from '../../../src/server/feeds/home-list.ts';
import { HOME_PAGE_SIZE, homeFeed } from '../../../src/server/feeds/home.service.ts';
import { createServer, type Server } from '../../../src/server/server.ts';
import { FEED_END } from '../../../src/shared/resource-cache.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases.ts';
import { openTestRedis, redisAvailable, removeKeys, TEST_REDIS_URL, testPrefix } from '../../support/redis.ts';
import { makeHomeWorld, type HomeWorld } from './home-world.ts';

/**
 * Two serving nodes on one PostgreSQL and one Redis, in this process: a reader's pages may come
 * from either, and the ranked list kept by the first is the one the second pages on.
 */
describe.skipIf(!(databaseKinds.includes('postgres') && redisAvailable))('the home feed across two nodes', () => {
  let database: TestDatabase;
  let nodes: Server[] = [];
  let world: HomeWorld;
  const prefix = testPrefix();

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const env = { DATA_DIR: database.dataDir, DEMO: 'off', LOG_LEVEL: 'error', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix } as const;
    const config = { ...loadConfig(env), database: database.database };
    for (let i = 0; i < 2; i++) nodes.push(await createServer(config, pino({ level: 'error' })));
    const [a, b] = nodes;
    if (!a || !b) throw new Error('Expected two nodes');
    world = await makeHomeWorld(a.deps, 40);
    // The second node's replica reads the graph afresh rather than waiting for every message.
    await b.deps.replicas.recommender?.rebuild();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.close()));
    nodes = [];
    const redis = openTestRedis();
    await removeKeys(redis, prefix);
    redis.disconnect();
    await database.drop();
  });

  it('pages on one node the list the other built, never repeating a pin', async () => {
    const [a, b] = nodes as [Server, Server];
    const first = await homeFeed(a.deps, world.reader.actor);
    expect(first.items).toHaveLength(HOME_PAGE_SIZE);
    const cursor = decodeHomeBookmark(first.bookmark, Date.now());
    if (cursor === null || cursor === 'end') throw new Error('Expected a cursor');
    // The second node finds the list in Redis: it pages on it rather than rebuilding it.
    expect((await loadList(b.deps, world.reader.id, cursor.token))?.entries.length).toBeGreaterThan(2 * HOME_PAGE_SIZE);
    const seen = first.items.map((i) => i.pin.id);
    let bookmark = first.bookmark;
    for (let page = 1; page < 10 && bookmark !== FEED_END; page++) {
      const next = await homeFeed(page % 2 === 1 ? b.deps : a.deps, world.reader.actor, bookmark);
      seen.push(...next.items.map((i) => i.pin.id));
      bookmark = next.bookmark;
    }
    expect(bookmark).toBe(FEED_END);
    expect(seen.length).toBeGreaterThan(2 * HOME_PAGE_SIZE);
    expect(new Set(seen).size).toBe(seen.length);
  });
});
