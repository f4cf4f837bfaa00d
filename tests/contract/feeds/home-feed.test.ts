import { settle } from '../../support/settle.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeHomeBookmark } from '../../../src/server/feeds/home-bookmark.ts';
import { listKey, loadList, storeList } from '../../../src/server/feeds/home-list.ts';
import { HOME_PAGE_SIZE, homeFeed, type HomeItem } from '../../../src/server/feeds/home.service.ts';
import { createPin } from '../../../src/server/pins/pins.service.ts';
import { savePin } from '../../../src/server/pins/saves.service.ts';
import { FEED_END } from '../../../src/shared/resource-cache.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makeMedia, makeUser, signIn, visitorClient, withCountedTestApp, type TestUser } from '../../support/factories.ts';
import { expectResourceFailure } from '../auth/hostile-inputs.ts';
import { distinctPin, makeHomeWorld, type HomeWorld } from './home-world.ts';

/** Every page of the reader's feed from `bookmark` on, to the end marker (at most `max` pages). */
async function allPages(t: TestApp, user: TestUser, max = 20, bookmark?: string): Promise<HomeItem[][]> {
  const pages: HomeItem[][] = [];
  let next = bookmark;
  while (pages.length < max && next !== FEED_END) {
    const page = await homeFeed(t.deps, user.actor, next);
    pages.push(page.items);
    next = page.bookmark;
  }
  expect(next).toBe(FEED_END);
  return pages;
}

const ids = (items: readonly HomeItem[]) => items.map((i) => i.pin.id);

describe.each(databaseKinds)('the home feed on %s', (kind) => {
  let t: TestApp;
  let world: HomeWorld;
  withCountedTestApp(kind, (app) => (t = app), 'at the end');

  beforeAll(async () => {
    world = await makeHomeWorld(t.deps);
  }, 120_000);

  it('mixes pins of followed people, boards and topics, of walks from the reader’s saves and popular pins, each with its reason', async () => {
    const items = (await allPages(t, world.reader)).flat();
    const reasonOf = new Map(items.map((i) => [i.pin.id, i.recommendation_reason]));
    const { followee, followedBoard, boardOwner, topic, seed } = world;

    const byFollowee = world.followeePins.map((p) => reasonOf.get(p.id));
    expect(byFollowee).toContainEqual({
      reason: 'followed_user',
      reason_id: followee.id,
      user: { id: followee.id, username: followee.username, full_name: 'followee Test', url: `/${followee.username}/` },
    });
    const board = { id: followedBoard.id, name: 'Kitchen ideas', url: `/${boardOwner.username}/${followedBoard.slug}/` };
    expect(world.boardPins.map((p) => reasonOf.get(p.id))).toContainEqual({ reason: 'followed_board', reason_id: followedBoard.id, board });
    const interest = { id: topic.id, name: 'Sourdough starter', url: `/ideas/sourdough-starter/${topic.id}/` };
    expect(world.topicPins.map((p) => reasonOf.get(p.id))).toContainEqual({ reason: 'followed_interest', reason_id: topic.id, interest });
    // Only the name of the board it sits on says the topic: the pin is not picked from it.
    expect(reasonOf.get(world.offTopic.id)?.reason).not.toBe('followed_interest');
    const walked = world.breadPins.map((p) => reasonOf.get(p.id)).filter((r) => r?.reason === 'saved_pin');
    expect(walked.length).toBeGreaterThan(0);
    for (const reason of walked)
      expect(reason).toEqual({ reason: 'saved_pin', reason_id: seed.id, pin: { id: seed.id, title: seed.title, url: `/pin/${seed.id}/` } });
    const filler = items.find((i) => i.recommendation_reason.reason === 'popular');
    expect(filler?.recommendation_reason).toEqual({ reason: 'popular', reason_id: filler?.pin.id });
    // The personal pins come before the popular ones.
    const reasons = items.map((i) => i.recommendation_reason.reason);
    expect(reasons.lastIndexOf('followed_user')).toBeLessThan(reasons.indexOf('popular'));
  });

  it('pages 25 at a time through opaque bookmarks, never repeating a pin, to the end marker', async () => {
    const pages = await allPages(t, world.reader);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages[0]).toHaveLength(HOME_PAGE_SIZE);
    expect(pages[1]).toHaveLength(HOME_PAGE_SIZE);
    expect(pages[2]?.length).toBeGreaterThan(0);
    const seen = pages.flatMap(ids);
    expect(new Set(seen).size).toBe(seen.length);
    // Every pin the reader may see is reached: the feed ends only when everything is exhausted.
    // Of two pins with the same picture, one.
    expect(world.twins.filter((p) => seen.includes(p.id))).toHaveLength(1);
    const reachable = [...world.followeePins, ...world.boardPins, ...world.topicPins, ...world.breadPins, ...world.fillers].map((p) => p.id);
    expect(seen).toEqual(expect.arrayContaining(reachable));
    expect(await homeFeed(t.deps, world.reader.actor, FEED_END)).toEqual({ items: [], bookmark: FEED_END });
  });

  it('never shows secret, blocked, hidden, deleted or unsafe pins, nor the reader’s own or saved pins', async () => {
    const seen = new Set((await allPages(t, world.reader)).flat().map((i) => i.pin.id));
    for (const [why, pins] of Object.entries(world.never)) for (const pin of pins) expect(seen.has(pin.id), `${why} pin ${pin.id}`).toBe(false);
    const items = (await allPages(t, world.reader)).flat();
    expect(items.map((i) => i.pin.creator_id)).not.toContain(world.blocked.id);
    expect(items.map((i) => i.pin.creator_id)).not.toContain(world.reader.id);
    // A save to a secret board is no one's business: the pin may come, but not as the followee's save.
    expect(items.find((i) => i.pin.id === world.savedInSecret.id)?.recommendation_reason.reason).toBe('popular');
    for (const { recommendation_reason: r } of items) expect(r.user?.id).not.toBe(world.blocked.id);
  });

  it('keeps its pages stable: saves after the first page come with the next refresh, not in between', async () => {
    const first = await homeFeed(t.deps, world.reader.actor);
    const fresh = await distinctPin(t.deps, world.followee, await makeBoard(t.deps, world.followee), 'Brand new birdhouse');
    await savePin(t.deps, world.boardOwner.actor, { pinId: world.fillers[5]?.id ?? '', boardId: world.followedBoard.id });
    await settle(t.deps);
    const rest = (await allPages(t, world.reader, 20, first.bookmark)).flat();
    const seen = [...ids(first.items), ...ids(rest)];
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain(fresh.id);
    const refreshed = await homeFeed(t.deps, world.reader.actor);
    expect(ids(refreshed.items)).toContain(fresh.id);
  });

  it('rebuilds a list its node lost from the bookmark’s token, without repeating the pages served', async () => {
    const first = await homeFeed(t.deps, world.reader.actor);
    const cursor = decodeHomeBookmark(first.bookmark, Date.now());
    if (cursor === null || cursor === 'end') throw new Error('Expected a cursor');
    await t.deps.ports.cache.delete(listKey(world.reader.id, cursor.token));
    const rest = (await allPages(t, world.reader, 20, first.bookmark)).flat();
    expect(rest.length).toBeGreaterThan(HOME_PAGE_SIZE);
    const seen = [...ids(first.items), ...ids(rest)];
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('grows its list from the sources that go on when it runs out, never repeating a pin', async () => {
    const first = await homeFeed(t.deps, world.reader.actor);
    const cursor = decodeHomeBookmark(first.bookmark, Date.now());
    if (cursor === null || cursor === 'end') throw new Error('Expected a cursor');
    const list = await loadList(t.deps, world.reader.id, cursor.token);
    if (!list) throw new Error('Expected the list to be kept');
    // As if the list had held only the first page and the popular pins went on from the newest.
    await storeList(t.deps, world.reader.id, { ...list, entries: list.entries.slice(0, cursor.offset), next: { users: null, boards: null, popular: 0 } });
    const rest = (await allPages(t, world.reader, 20, first.bookmark)).flat();
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.every((i) => i.recommendation_reason.reason === 'popular')).toBe(true);
    const seen = [...ids(first.items), ...ids(rest)];
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('gives a new member with no follows or saves popular pins, never their own', async () => {
    const member = await makeUser(t.deps, 'newcomer');
    const board = await makeBoard(t.deps, member);
    await createPin(t.deps, member.actor, { board_id: board.id, section_id: null, media_id: await makeMedia(t.deps, member), title: 'My first pin' });
    await settle(t.deps);
    const { items } = await homeFeed(t.deps, member.actor);
    expect(items).toHaveLength(HOME_PAGE_SIZE);
    expect(items.every((i) => i.recommendation_reason.reason === 'popular' && i.pin.creator_id !== member.id)).toBe(true);
  });

  it('answers UserHomefeedResource with presented pins and their reasons; a visitor is asked to sign in', async () => {
    const client = await signIn(t, world.reader);
    const response = await client.getResource('UserHomefeedResource');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ resource_response: { data: Record<string, unknown>[]; bookmark: string } }>().resource_response;
    expect(body.data).toHaveLength(HOME_PAGE_SIZE);
    expect(body.data[0]).toMatchObject({
      type: 'pin',
      id: expect.any(String) as unknown,
      pinner: { type: 'user' },
      recommendation_reason: { reason: expect.any(String) as unknown },
    });
    const next = await client.getResource('UserHomefeedResource', { bookmark: body.bookmark });
    const nextIds = next.json<{ resource_response: { data: { id: string }[] } }>().resource_response.data.map((p) => p.id);
    expect(nextIds.filter((id) => body.data.some((p) => p['id'] === id))).toEqual([]);

    const visitor = await visitorClient(t);
    const refused = await visitor.getResource('UserHomefeedResource');
    expect(refused.statusCode).toBe(401);
    expectResourceFailure(refused, 'visitor');
  });
});
