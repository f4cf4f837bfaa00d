import { catchUpSearch } from '../../support/settle.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Interest } from '../../../src/server/db/schema/boards-and-pins.ts';
import { deletePin, setPinHidden } from '../../../src/server/pins/pins.service.ts';
import { savePin } from '../../../src/server/pins/saves.service.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import { setInterestFollowed } from '../../../src/server/social/follows.service.ts';
import { ensureInterest } from '../../../src/server/social/topics.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeProductPin, makeUser, signIn, visitorClient, type TestUser } from '../../support/factories.ts';
import { allPinIds, makeVideoPin, markUnsafe, read } from './helpers.ts';

type Topic = { id: string; name: string; slug: string; url: string; follower_count: number; is_followed: boolean };
type Idea = Topic & { cover_pin: { id: string } | null };

/*
 * Topics and their pages: a topic's pins are a search for its name, ranked by saves and freshness,
 * listing only public pins the reader may see; the ideas index, the videos and shopping pages with
 * their categories, a pin's related interests, and topics in the sitemaps.
 */
describe.each(databaseKinds)('topics, ideas, videos and shopping on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let bobClient: TestClient;
  let aliceClient: TestClient;
  let visitor: TestClient;
  let mountains: Interest;
  let city: Interest;
  let space: Interest;
  const pins: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    const deps = t.deps;
    alice = await makeUser(deps, 'alice');
    bob = await makeUser(deps, 'bob');
    const carol = await makeUser(deps, 'carol');
    mountains = await ensureInterest(deps.db, 'Mountains', 'mountains');
    city = await ensureInterest(deps.db, 'City at night', 'city-at-night');
    space = await ensureInterest(deps.db, 'Space', 'space');
    const escapes = await makeBoard(deps, alice, { name: 'Mountain escapes' });
    const secret = await makeBoard(deps, alice, { name: 'Secret mountains', privacy: 'secret' });
    const lights = await makeBoard(deps, alice, { name: 'Bright lights' });
    pins['byBoardName'] = (await makePin(deps, alice, escapes, { title: 'Misty peaks' })).pin.id;
    pins['byTitle'] = (await makePin(deps, alice, lights, { title: 'Mountain lake at dawn' })).pin.id;
    pins['popular'] = (await makePin(deps, alice, lights, { title: 'Alpine mountain view' })).pin.id;
    for (const fan of [bob, carol, await makeUser(deps, 'dave')]) {
      const board = await makeBoard(deps, fan, { name: 'Favourites' });
      await savePin(deps, fan.actor, { pinId: pins['popular'], boardId: board.id });
    }
    pins['secret'] = (await makePin(deps, alice, secret, { title: 'Mountain hideout' })).pin.id;
    pins['unsafe'] = (await makePin(deps, alice, escapes, { title: 'Mountain unsafe' })).pin.id;
    await markUnsafe(deps, pins['unsafe']);
    pins['deleted'] = (await makePin(deps, alice, escapes, { title: 'Mountain gone' })).pin.id;
    await deletePin(deps, alice.actor, pins['deleted']);
    const carolBoard = await makeBoard(deps, carol, { name: 'Cabins' });
    pins['blocked'] = (await makePin(deps, carol, carolBoard, { title: 'Mountain cabin' })).pin.id;
    await blockUser(deps, bob.actor, carol.id);
    pins['hidden'] = (await makePin(deps, alice, escapes, { title: 'Mountain hut' })).pin.id;
    await setPinHidden(deps, bob.actor, pins['hidden'], true);
    pins['video'] = await makeVideoPin(deps, alice, escapes, 'Mountain timelapse');
    pins['product'] = (await makeProductPin(deps, alice, escapes, 'Mountain tent', { price: '24.00', availability: 'InStock', domain: 'shop.example.com' })).id;
    pins['city'] = (await makePin(deps, alice, lights, { title: 'City skyline at night' })).pin.id;
    await setInterestFollowed(deps, bob.actor, mountains.id, true);
    await setInterestFollowed(deps, alice.actor, mountains.id, true);
    await setInterestFollowed(deps, bob.actor, city.id, true);
    await catchUpSearch(deps);
    bobClient = await signIn(t, bob);
    aliceClient = await signIn(t, alice);
    visitor = await visitorClient(t);
  });
  afterAll(() => t.close());

  const everyMountainPin = () => [pins['byBoardName'], pins['byTitle'], pins['popular'], pins['blocked'], pins['hidden'], pins['video'], pins['product']];

  it('lists a topic pins by slug or id, the most saved first, public ones only', async () => {
    const bySlug = await allPinIds(visitor, 'TopicFeedResource', { slug: 'Mountains' });
    expect([...bySlug].sort()).toEqual([...everyMountainPin()].sort());
    expect(bySlug[0]).toBe(pins['popular']);
    expect(await allPinIds(visitor, 'TopicFeedResource', { id: mountains.id })).toEqual(bySlug);
    // The owner of the secret board does not find their own secret pin listed either.
    expect(await allPinIds(aliceClient, 'TopicFeedResource', { slug: 'mountains' })).not.toContain(pins['secret']);
  });

  it('leaves out for each reader what they hid and the pins of people blocked either way', async () => {
    const forBob = await allPinIds(bobClient, 'TopicFeedResource', { slug: 'mountains' });
    expect([...forBob].sort()).toEqual(
      everyMountainPin()
        .filter((id) => id !== pins['blocked'] && id !== pins['hidden'])
        .sort(),
    );
    for (const gone of ['secret', 'unsafe', 'deleted']) expect(forBob).not.toContain(pins[gone]);
  });

  it('answers 404 for a topic that does not exist', async () => {
    for (const options of [{ slug: 'no-such-topic' }, { id: '12345' }]) {
      expect((await visitor.getResource('TopicFeedResource', options)).statusCode).toBe(404);
    }
  });

  it('pages a big topic with bookmarks, each pin once', async () => {
    const board = await makeBoard(t.deps, alice, { name: 'Origami' });
    const made: string[] = [];
    for (let i = 0; i < 30; i += 1) made.push((await makePin(t.deps, alice, board, { title: `Paper crane ${i}` })).pin.id);
    const topic = await ensureInterest(t.deps.db, 'Origami', 'origami');
    const first = await read<{ id: string }[]>(visitor, 'TopicFeedResource', { id: topic.id });
    expect(first.data).toHaveLength(25);
    const ids = await allPinIds(visitor, 'TopicFeedResource', { id: topic.id });
    expect(new Set(ids).size).toBe(30);
    expect([...ids].sort()).toEqual([...made].sort());
  });

  it('indexes topics most followed first, each with its best pin the reader may see as cover', async () => {
    const { data } = await read<Idea[]>(bobClient, 'IdeasResource');
    expect(data.slice(0, 2).map((i) => i.slug)).toEqual(['mountains', 'city-at-night']);
    const byId = new Map(data.map((i) => [i.id, i]));
    expect(byId.get(mountains.id)).toMatchObject({ follower_count: 2, is_followed: true, url: `/ideas/mountains/${mountains.id}/` });
    expect(byId.get(mountains.id)?.cover_pin?.id).toBe(pins['popular']);
    expect(byId.get(city.id)?.cover_pin?.id).toBe(pins['city']);
    expect(byId.get(space.id)?.cover_pin).toBeNull();
    const forVisitor = await read<Idea[]>(visitor, 'IdeasResource');
    expect(forVisitor.data.every((i) => !i.is_followed)).toBe(true);
  });

  it('lists videos and products of every topic or of one, with the topics that have them as categories', async () => {
    expect(await allPinIds(visitor, 'DiscoveryFeedResource', { section: 'videos' })).toEqual([pins['video']]);
    expect(await allPinIds(visitor, 'DiscoveryFeedResource', { section: 'shopping' })).toEqual([pins['product']]);
    expect(await allPinIds(visitor, 'DiscoveryFeedResource', { section: 'videos', interest_id: mountains.id })).toEqual([pins['video']]);
    expect(await allPinIds(visitor, 'DiscoveryFeedResource', { section: 'shopping', interest_id: city.id })).toEqual([]);
    for (const section of ['videos', 'shopping']) {
      const { data } = await read<Topic[]>(visitor, 'DiscoveryCategoriesResource', { section });
      expect(data.map((c) => c.slug)).toEqual(['mountains']);
    }
    expect((await visitor.getResource('DiscoveryFeedResource', { section: 'videos', interest_id: '4242' })).statusCode).toBe(404);
  });

  it('gives a pin its related interests, and none of a pin the reader may not see', async () => {
    const of = async (client: TestClient, id: string | undefined) =>
      (await read<Topic[]>(client, 'PinInterestsResource', { pin_id: id })).data.map((i) => i.slug);
    expect(await of(visitor, pins['byBoardName'])).toEqual(['mountains']);
    expect(await of(visitor, pins['city'])).toEqual(['city-at-night']);
    expect(await of(visitor, pins['product'])).toEqual(['mountains']);
    expect((await visitor.getResource('PinInterestsResource', { pin_id: pins['secret'] })).statusCode).toBe(404);
    expect(await of(aliceClient, pins['secret'])).toEqual(['mountains']);
  });

  it('lists every topic page in the sitemaps', async () => {
    const origin = t.deps.config.publicUrl.origin;
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.body).toContain(`<loc>${origin}/sitemaps/topics-1.xml</loc>`);
    const topics = (await t.app.inject({ method: 'GET', url: '/sitemaps/topics-1.xml' })).body;
    for (const topic of [mountains, city, space]) expect(topics).toContain(`<loc>${origin}/ideas/${topic.slug}/${topic.id}/</loc>`);
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).body).toContain('Disallow: /admin/');
  });
});
