import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { updateBoard } from '../../../src/server/boards/boards.service.ts';
import { persistedQueryHashes } from '../../../src/server/graphql/persisted-queries.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import { FEED_END } from '../../../src/shared/resource-cache.ts';
import { adjustDidItCount } from '../../../src/server/tried/did-it-marks.repo.ts';
import { adjustPinDidItCounts } from '../../../src/server/tried/did-its.repo.ts';
import type { TestApp, TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makePin, makeUser, signIn, visitorClient, withCountedTestApp } from '../../support/factories.ts';
import { bookmarkOf, failed, ok } from '../boards/helpers.ts';
import { multipart } from '../media/fixtures.ts';
import { didIt, didItRows, photoOf, somePin, type DidIt, type PinDidIts } from './helpers.ts';

/** Tried-its over HTTP: marking, editing, deleting, the pin's didItData, likes, helpful, the Tried tab. */
describe.each(databaseKinds)('tried-its on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app));

  const pinShows = async (client: TestClient, pinId: string) => {
    const pin = ok<PinDidIts>(await client.getResource('PinResource', { id: pinId }));
    return { ...pin.aggregated_pin_data.did_it_data, done_by_me: pin.done_by_me };
  };

  it('a member marks a pin tried with a photo and a note; the pin counts it and shows it to everyone', async () => {
    const { pin } = await somePin(t, 'triedcreator');
    const cook = await makeUser(t.deps, 'triedcook');
    const browser = await signIn(t, cook);
    const visitor = await visitorClient(t);
    expect(await pinShows(visitor, pin.id)).toEqual({ user_count: 0, images_count: 0, done_by_me: false });

    const photo = await photoOf(t, cook);
    const made = ok<DidIt>(await didIt.create(browser, { pin_id: pin.id, media_id: photo, details: '  Turned out <b>great</b>  ' }));
    expect(made).toMatchObject({
      type: 'userdiditdata',
      pin_id: pin.id,
      user: { id: cook.id },
      details: 'Turned out <b>great</b>',
      media_id: photo,
      media_status: 'ready',
    });
    expect(made.images?.['236x']?.url).toMatch(/\/media\//);
    expect(await pinShows(browser, pin.id)).toEqual({ user_count: 1, images_count: 1, done_by_me: true });
    expect(await pinShows(visitor, pin.id)).toEqual({ user_count: 1, images_count: 1, done_by_me: false });

    // A note without a photo counts the member but not a photo.
    const other = await signIn(t, await makeUser(t.deps, 'triednoter'));
    ok(await didIt.create(other, { pin_id: pin.id, details: 'Easy enough' }));
    expect(await pinShows(visitor, pin.id)).toEqual({ user_count: 2, images_count: 1, done_by_me: false });

    const listed = ok<DidIt[]>(await didIt.ofPin(visitor, { pin_id: pin.id }));
    expect(listed.map((d) => d.details)).toEqual(['Easy enough', 'Turned out <b>great</b>']);
    expect(ok<DidIt>(await didIt.get(visitor, { id: made.id })).id).toBe(made.id);

    // The photo is served to anyone who may see the pin.
    const url = made.images?.['236x']?.url ?? '';
    expect((await visitor.get(new URL(url).pathname)).statusCode).toBe(200);

    // A second tried-it of the same pin is a conflict; nothing changes.
    const before = await didItRows(t.deps);
    failed(await didIt.create(browser, { pin_id: pin.id, details: 'Again' }), 409);
    expect(await didItRows(t.deps)).toBe(before);
  });

  it('the author edits and deletes their own; the counts follow every change and never fall below zero', async () => {
    const { pin } = await somePin(t, 'editcreator');
    const cook = await makeUser(t.deps, 'editcook');
    const browser = await signIn(t, cook);
    const photo = await photoOf(t, cook);
    const made = ok<DidIt>(await didIt.create(browser, { pin_id: pin.id, details: 'First go' }));
    expect(await pinShows(browser, pin.id)).toEqual({ user_count: 1, images_count: 0, done_by_me: true });

    expect(ok<DidIt>(await didIt.update(browser, { id: made.id, media_id: photo })).media_id).toBe(photo);
    expect(await pinShows(browser, pin.id)).toEqual({ user_count: 1, images_count: 1, done_by_me: true });
    expect(ok<DidIt>(await didIt.update(browser, { id: made.id, details: 'Second go' }))).toMatchObject({ details: 'Second go', media_id: photo });
    expect(ok<DidIt>(await didIt.update(browser, { id: made.id, media_id: null })).media_id).toBeNull();
    expect(await pinShows(browser, pin.id)).toEqual({ user_count: 1, images_count: 0, done_by_me: true });
    // Without a photo the note cannot go empty.
    failed(await didIt.update(browser, { id: made.id, details: '   ' }), 400);

    expect(ok(await didIt.remove(browser, { id: made.id }))).toEqual({ id: made.id, pin_id: pin.id });
    expect(await pinShows(browser, pin.id)).toEqual({ user_count: 0, images_count: 0, done_by_me: false });
    failed(await didIt.remove(browser, { id: made.id }), 404);
    expect(await pinShows(browser, pin.id)).toEqual({ user_count: 0, images_count: 0, done_by_me: false });
  });

  it('counts floor at zero: a fall below it stays at zero and a pin nobody tried keeps no row', async () => {
    const { pin } = await somePin(t, 'floorcreator');
    const cook = await makeUser(t.deps, 'floorcook');
    const made = ok<DidIt>(await didIt.create(await signIn(t, cook), { pin_id: pin.id, details: 'Floor' }));
    await adjustDidItCount(t.deps.db, made.id, 'like_count', -1);
    await adjustDidItCount(t.deps.db, made.id, 'helpful_count', -3);
    const row = await t.deps.db.selectFrom('did_its').select(['like_count', 'helpful_count']).where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ like_count: 0, helpful_count: 0 });
    await adjustPinDidItCounts(t.deps.db, pin.id, { user_count: 0, images_count: -1 });
    expect(await pinShows(await visitorClient(t), pin.id)).toMatchObject({ user_count: 1, images_count: 0 });
    const other = await somePin(t, 'floorother');
    await adjustPinDidItCounts(t.deps.db, other.pin.id, { user_count: -1, images_count: -1 });
    expect(await t.deps.db.selectFrom('pin_did_it_counts').selectAll().where('pin_id', '=', other.pin.id).execute()).toEqual([]);
  });

  it('likes and helpful marks count once per member and move by one', async () => {
    const { pin } = await somePin(t, 'markcreator');
    const cook = await makeUser(t.deps, 'markcook');
    const made = ok<DidIt>(await didIt.create(await signIn(t, cook), { pin_id: pin.id, details: 'Worked' }));
    const fan = await signIn(t, await makeUser(t.deps, 'markfan'));
    expect(ok(await didIt.like(fan, { id: made.id, reaction_type: 1 }))).toMatchObject({ reaction_counts: { '1': 1 }, reaction_by_me: 1 });
    expect(ok(await didIt.like(fan, { id: made.id, reaction_type: 1 }))).toMatchObject({ reaction_counts: { '1': 1 }, reaction_by_me: 1 });
    expect(ok(await didIt.helpful(fan, { id: made.id }))).toMatchObject({ helpful_count: 1, marked_helpful_by_me: true });
    expect(ok(await didIt.helpful(fan, { id: made.id }))).toMatchObject({ helpful_count: 1 });
    const seen = ok<DidIt[]>(await didIt.ofPin(fan, { pin_id: pin.id }))[0];
    expect(seen).toMatchObject({ reaction_counts: { '1': 1 }, reaction_by_me: 1, helpful_count: 1, marked_helpful_by_me: true });
    expect(ok(await didIt.unlike(fan, { id: made.id }))).toMatchObject({ reaction_counts: {}, reaction_by_me: null });
    expect(ok(await didIt.unlike(fan, { id: made.id }))).toMatchObject({ reaction_counts: {} });
    expect(ok(await didIt.unhelpful(fan, { id: made.id }))).toMatchObject({ helpful_count: 0, marked_helpful_by_me: false });
    expect(ok(await didIt.unhelpful(fan, { id: made.id }))).toMatchObject({ helpful_count: 0 });
    // One's own tried-it is not marked helpful by oneself.
    failed(await didIt.helpful(await signIn(t, cook), { id: made.id }), 403);
  });

  it('likes racing the author’s delete answer 200 or 404, never 5xx, and leave exact counts', async () => {
    const { pin } = await somePin(t, 'racecreator');
    const cook = await makeUser(t.deps, 'racecook');
    const author = await signIn(t, cook);
    const fans = await Promise.all(Array.from({ length: 6 }, async (_, i) => signIn(t, await makeUser(t.deps, `racefan${i}`))));
    for (let round = 0; round < 3; round += 1) {
      const made = ok<DidIt>(await didIt.create(author, { pin_id: pin.id, details: `Round ${round}` }));
      const answers = await Promise.all([
        ...fans.map((fan, i) => (i % 2 === 0 ? didIt.like(fan, { id: made.id, reaction_type: 1 }) : didIt.helpful(fan, { id: made.id }))),
        didIt.remove(author, { id: made.id }),
      ]);
      for (const answer of answers) expect([200, 404], answer.body).toContain(answer.statusCode);
    }
    expect(await pinShows(author, pin.id)).toEqual({ user_count: 0, images_count: 0, done_by_me: false });
  });

  it('edits and deletes of one tried-it at once keep the pin’s counts exact', async () => {
    const { pin } = await somePin(t, 'editracecreator');
    const cook = await makeUser(t.deps, 'editracecook');
    const tabs = await Promise.all([signIn(t, cook), signIn(t, cook), signIn(t, cook)]);
    const photo = await photoOf(t, cook);
    for (let round = 0; round < 4; round += 1) {
      const made = ok<DidIt>(await didIt.create(tabs[0], { pin_id: pin.id, media_id: photo, details: `Round ${round}` }));
      const [a, b, c] = tabs;
      const answers = await Promise.all([
        didIt.update(a, { id: made.id, media_id: null }),
        didIt.update(b, { id: made.id, media_id: photo, details: 'Back' }),
        round % 2 === 0 ? didIt.remove(c, { id: made.id }) : didIt.update(c, { id: made.id, media_id: null }),
      ]);
      for (const answer of answers) expect([200, 404], answer.body).toContain(answer.statusCode);
      const left = await t.deps.db.selectFrom('did_its').select('id').where('id', '=', made.id).executeTakeFirst();
      if (left) ok(await didIt.remove(a, { id: made.id }));
    }
  });

  it('the Tried tab lists a member’s tried-its newest first, by bookmark, without repeats, only on pins the reader may see', async () => {
    const cook = await makeUser(t.deps, 'tabcook');
    const browser = await signIn(t, cook);
    const { creator, board } = await somePin(t, 'tabcreator', 'Bakes');
    const pins = [];
    for (let i = 0; i < 14; i += 1) pins.push((await makePin(t.deps, creator, board, { title: `Bake ${i}` })).pin);
    for (const [i, pin] of pins.entries()) ok(await didIt.create(browser, { pin_id: pin.id, details: `Note ${i}` }));
    const visitor = await visitorClient(t);
    const first = await didIt.ofUser(visitor, { username: cook.username });
    const firstPage = ok<DidIt[]>(first);
    expect(firstPage).toHaveLength(12);
    const second = await didIt.ofUser(visitor, { username: cook.username, bookmark: bookmarkOf(first) });
    expect(bookmarkOf(second)).toBe(FEED_END);
    const all = [...firstPage, ...ok<DidIt[]>(second)].map((d) => d.details);
    expect(all).toEqual(pins.map((_, i) => `Note ${i}`).reverse());
    expect(firstPage[0]?.pin).toMatchObject({ id: pins[13]?.id, title: 'Bake 13' });

    // The pins go secret: the visitor sees none of them, the cook (not a collaborator) neither.
    await updateBoard(t.deps, creator.actor, board.id, { privacy: 'secret' });
    expect(ok<DidIt[]>(await didIt.ofUser(visitor, { username: cook.username }))).toEqual([]);
    expect(ok<DidIt[]>(await didIt.ofUser(browser, { username: cook.username }))).toEqual([]);
    expect(ok<DidIt[]>(await didIt.ofUser(await signIn(t, creator), { username: cook.username }))).toHaveLength(12);
    failed(await didIt.ofUser(visitor, { username: 'nosuchcook' }), 404);
  });

  it('blocked members see nothing of each other’s tried-its', async () => {
    const { pin } = await somePin(t, 'blockcreator');
    const cook = await makeUser(t.deps, 'blockcook');
    const made = ok<DidIt>(await didIt.create(await signIn(t, cook), { pin_id: pin.id, media_id: await photoOf(t, cook), details: 'Mine' }));
    const neighbour = await makeUser(t.deps, 'blockneighbour');
    await blockUser(t.deps, cook.actor, neighbour.id);
    const browser = await signIn(t, neighbour);
    expect(ok<DidIt[]>(await didIt.ofPin(browser, { pin_id: pin.id }))).toEqual([]);
    failed(await didIt.get(browser, { id: made.id }), 404);
    failed(await didIt.ofUser(browser, { username: cook.username }), 404);
    failed(await didIt.like(browser, { id: made.id, reaction_type: 1 }), 404);
    failed(await didIt.helpful(browser, { id: made.id }), 404);
    // And the other way round: the cook sees nothing of the neighbour's.
    const theirs = ok<DidIt>(await didIt.create(browser, { pin_id: pin.id, details: 'Theirs' }));
    const cookBrowser = await signIn(t, cook);
    expect(ok<DidIt[]>(await didIt.ofPin(cookBrowser, { pin_id: pin.id })).map((d) => d.id)).toEqual([made.id]);
    failed(await didIt.get(cookBrowser, { id: theirs.id }), 404);
    expect(ok<DidIt[]>(await didIt.ofPin(await visitorClient(t), { pin_id: pin.id }))).toHaveLength(2);
  });

  it('a photo uploaded through /v3/media/uploads/ makes a tried-it while it is processed', async () => {
    const { pin } = await somePin(t, 'uploadcreator');
    const cook = await makeUser(t.deps, 'uploadcook');
    const browser = await signIn(t, cook);
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#27ae60' } })
      .png()
      .toBuffer();
    const body = multipart(png, 'dish.png', 'image/png');
    const uploaded = await browser.request({ method: 'POST', url: '/v3/media/uploads/', payload: body.payload, headers: body.headers });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const mediaId = uploaded.json<{ data: { id: string } }>().data.id;
    const made = ok<DidIt>(await didIt.create(browser, { pin_id: pin.id, media_id: mediaId }));
    expect(made).toMatchObject({ media_id: mediaId, details: '' });
    expect(await pinShows(browser, pin.id)).toMatchObject({ user_count: 1, images_count: 1 });
    // Someone else's upload is not theirs to show.
    failed(await didIt.create(await signIn(t, await makeUser(t.deps, 'uploadthief')), { pin_id: pin.id, media_id: mediaId }), 404);
  });

  it('CloseupDetailQuery answers aggregatedPinData.didItData and doneByMe', async () => {
    const { pin } = await somePin(t, 'graphcreator');
    const cook = await makeUser(t.deps, 'graphcook');
    const browser = await signIn(t, cook);
    ok(await didIt.create(browser, { pin_id: pin.id, media_id: await photoOf(t, cook) }));
    const ask = async (client: TestClient) => {
      const response = await client.request({
        method: 'POST',
        url: '/_/graphql/',
        payload: { queryHash: persistedQueryHashes()['CloseupDetailQuery'], variables: { pinId: pin.id, isAuth: true, isDesktop: true } },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { closeupDetail: Record<string, unknown> } }>().data.closeupDetail;
    };
    expect(await ask(browser)).toMatchObject({ aggregatedPinData: { didItData: { userCount: 1, imagesCount: 1 } }, doneByMe: true });
    expect(await ask(await visitorClient(t))).toMatchObject({ aggregatedPinData: { didItData: { userCount: 1, imagesCount: 1 } }, doneByMe: false });
  });

  it('writing is rate limited per member: 429, never 5xx, and nothing changes', async () => {
    const { pin } = await somePin(t, 'ratecreator');
    const cook = await makeUser(t.deps, 'ratecook');
    const browser = await signIn(t, cook);
    const made = ok<DidIt>(await didIt.create(browser, { pin_id: pin.id, details: 'v0' }));
    for (let i = 1; i < 30; i += 1) ok(await didIt.update(browser, { id: made.id, details: `v${i}` }));
    const before = await didItRows(t.deps);
    const refused = await didIt.update(browser, { id: made.id, details: 'one too many' });
    failed(refused, 429);
    expect(await didItRows(t.deps)).toBe(before);
  });
});
