import { settle } from '../../support/settle.ts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeHomeBookmark } from '../../../src/server/feeds/home-bookmark.ts';
import { NEXT_LIST_MAX_AGE_MS, nextListKey, parseNextList, serializeNextList } from '../../../src/server/feeds/home-next.ts';
import { homeFeed } from '../../../src/server/feeds/home.service.ts';
import { createIdGenerator } from '../../../src/server/db/ids.ts';
import { followUser } from '../../../src/server/social/follows.service.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makeUser, withCountedTestApp } from '../../support/factories.ts';
import { distinctPin, makeHomeWorld, type HomeWorld } from './home-world.ts';

/** The token of the list a first page came from. */
function tokenOf(page: { bookmark: string }): string {
  const cursor = decodeHomeBookmark(page.bookmark, Date.now());
  if (cursor === null || cursor === 'end') throw new Error('Expected a cursor');
  return cursor.token;
}

describe.each(databaseKinds)('the next home list on %s', (kind) => {
  let t: TestApp;
  let world: HomeWorld;
  withCountedTestApp(kind, (app) => (t = app), 'at the end');

  beforeAll(async () => {
    world = await makeHomeWorld(t.deps, 30);
  }, 120_000);

  /** The reader visited: their next list is built and kept. */
  async function visited(): Promise<string> {
    await homeFeed(t.deps, world.reader.actor);
    await t.deps.replicas.nextLists.settle();
    const kept = await t.deps.ports.cache.get(nextListKey(world.reader.id));
    const list = kept === null ? null : parseNextList(kept);
    if (!list) throw new Error('Expected the next list to be kept');
    return list.token;
  }

  beforeEach(async () => {
    await t.deps.replicas.nextLists.settle();
    await t.deps.ports.cache.delete(nextListKey(world.reader.id));
  });

  it('serves the first page of the next visit from the list built after the last one, once', async () => {
    const prebuilt = await visited();
    const next = await homeFeed(t.deps, world.reader.actor);
    expect(tokenOf(next)).toBe(prebuilt);
    expect(await t.deps.ports.cache.get(nextListKey(world.reader.id))).toBeNull();
    // Its later pages page the same list, as any list's.
    const second = await homeFeed(t.deps, world.reader.actor, next.bookmark);
    expect(second.items.length).toBeGreaterThan(0);
    expect(second.items.map((i) => i.pin.id).filter((id) => next.items.some((i) => i.pin.id === id))).toEqual([]);
    // And the visit has the one after built.
    await t.deps.replicas.nextLists.settle();
    expect(await t.deps.ports.cache.get(nextListKey(world.reader.id))).not.toBeNull();
  });

  it('builds afresh when someone the reader follows saved a pin since', async () => {
    const prebuilt = await visited();
    const fresh = await distinctPin(t.deps, world.followee, await makeBoard(t.deps, world.followee), 'Hand-thrown teapot');
    await settle(t.deps);
    const next = await homeFeed(t.deps, world.reader.actor);
    expect(tokenOf(next)).not.toBe(prebuilt);
    expect(next.items.map((i) => i.pin.id)).toContain(fresh.id);
  });

  it('builds afresh after a follow of the reader’s own', async () => {
    const prebuilt = await visited();
    const newcomer = await makeUser(t.deps, 'newly-followed');
    await followUser(t.deps, world.reader.actor, newcomer.id);
    expect(tokenOf(await homeFeed(t.deps, world.reader.actor))).not.toBe(prebuilt);
  });

  it('builds afresh when the kept list is too old or unreadable', async () => {
    const prebuilt = await visited();
    const kept = parseNextList((await t.deps.ports.cache.get(nextListKey(world.reader.id))) ?? '');
    if (!kept) throw new Error('Expected the next list to be kept');
    const oldToken = createIdGenerator(1, () => Date.now() - NEXT_LIST_MAX_AGE_MS - 60_000)();
    await t.deps.ports.cache.set(nextListKey(world.reader.id), serializeNextList({ ...kept, token: oldToken }), 60_000);
    const afterOld = tokenOf(await homeFeed(t.deps, world.reader.actor));
    expect([prebuilt, oldToken]).not.toContain(afterOld);

    await t.deps.replicas.nextLists.settle();
    await t.deps.ports.cache.set(nextListKey(world.reader.id), '123 {"e": "not a list"}', 60_000);
    const page = await homeFeed(t.deps, world.reader.actor);
    expect(page.items.length).toBeGreaterThan(0);
    expect(tokenOf(page)).not.toBe('123');
  });

  it('loses only the head start when the list cannot be kept: the next visit builds one', async () => {
    await homeFeed(t.deps, world.reader.actor);
    const cache = t.deps.ports.cache;
    const set = cache.set.bind(cache);
    cache.set = (key, value, ttl) => (key === nextListKey(world.reader.id) ? Promise.reject(new Error('cache down')) : set(key, value, ttl));
    try {
      await t.deps.replicas.nextLists.settle();
    } finally {
      cache.set = set;
    }
    expect(await cache.get(nextListKey(world.reader.id))).toBeNull();
    const page = await homeFeed(t.deps, world.reader.actor);
    expect(page.items.length).toBeGreaterThan(0);
  });
});
