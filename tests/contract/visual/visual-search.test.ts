import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Board, Pin } from '../../../src/server/db/schema/boards-and-pins.ts';
import { jobHandlers } from '../../../src/server/jobs/handlers.ts';
import { ingestImage } from '../../../src/server/media/media.service.ts';
import { createPin, deletePin, setPinHidden } from '../../../src/server/pins/pins.service.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import type { TestApp, TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makeUser, signIn, visitorClient, withCountedTestApp, type TestUser } from '../../support/factories.ts';
import { allVisualPages, diptych, indexCaughtUp, photo, pinOfPicture, visualSearchAs } from './helpers.ts';

describe.each(databaseKinds)('visual search on a crop on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app));

  let alice: TestUser;
  let board: Board;
  let visitor: TestClient;
  /** Left half: picture 101, right half: picture 102. */
  let both: Pin;
  let left: Pin;
  let right: Pin;
  const others: Pin[] = [];

  beforeAll(async () => {
    alice = await makeUser(t.deps, 'alice');
    board = await makeBoard(t.deps, alice, { name: 'Pictures' });
    const [a, b] = await Promise.all([photo(101), photo(102)]);
    both = await pinOfPicture(t.deps, alice, board, await diptych(a, b), 'Both');
    left = await pinOfPicture(t.deps, alice, board, a, 'Left');
    right = await pinOfPicture(t.deps, alice, board, b, 'Right');
    for (let seed = 1; seed <= 30; seed++) others.push(await pinOfPicture(t.deps, alice, board, await photo(seed), `Other ${seed}`));
    visitor = await visitorClient(t);
    await indexCaughtUp(t, [both.id, left.id, right.id, ...others.map((p) => p.id)]);
  }, 120_000);

  it('finds the picture a box was drawn around first, and never the pin searched from', async () => {
    expect((await visualSearchAs(visitor, { pin_id: both.id, crop: { x: 0.5, y: 0, w: 0.5, h: 1 } })).ids[0]).toBe(right.id);
    expect((await visualSearchAs(visitor, { pin_id: both.id, crop: { x: 0.02, y: 0.05, w: 0.46, h: 0.9 } })).ids[0]).toBe(left.id);
    const whole = await visualSearchAs(visitor, { pin_id: right.id });
    expect(whole.ids).not.toContain(right.id);
    expect(whole.ids).toHaveLength(25);
  });

  it('answers pins as every grid shows them, nearest first', async () => {
    const { data } = await visualSearchAs(visitor, { pin_id: both.id, crop: { x: 0.5, y: 0, w: 0.5, h: 1 } });
    expect(data.results[0]).toMatchObject({ id: right.id, type: 'pin', title: 'Right' });
    expect(data.results[0]).toHaveProperty('images');
    expect(data.price_filters).toBeNull();
    expect(data.query_features).toMatch(/^[A-Za-z0-9_-]{98}$/);
  });

  it('pages through bookmarks to the end marker without repeating a pin', async () => {
    const { ids, pages } = await allVisualPages(visitor, { pin_id: both.id, crop: { x: 0.5, y: 0, w: 0.5, h: 1 } });
    expect(pages).toBe(2);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual([left.id, right.id, ...others.map((p) => p.id)].sort());
  });

  it('takes new pins in and lets deleted ones go, shortly after their commits', async () => {
    const copy = await pinOfPicture(
      t.deps,
      alice,
      board,
      await sharp(await photo(102))
        .resize({ width: 320 })
        .jpeg({ quality: 60 })
        .toBuffer(),
      'Smaller copy',
    );
    await indexCaughtUp(t, [copy.id]);
    expect((await visualSearchAs(visitor, { pin_id: right.id })).ids[0]).toBe(copy.id);
    await deletePin(t.deps, alice.actor, copy.id);
    await indexCaughtUp(t, [], [copy.id]);
    expect((await visualSearchAs(visitor, { pin_id: right.id })).ids).not.toContain(copy.id);
  });

  it('takes in a pin made while its upload was still processing, once the upload is ready', async () => {
    const media = await ingestImage(
      t.deps,
      alice.actor,
      await sharp(await photo(102))
        .resize({ width: 500 })
        .png()
        .toBuffer(),
      {},
    );
    expect(media.status).toBe('processing');
    const { pin } = await createPin(t.deps, alice.actor, { board_id: board.id, section_id: null, media_id: media.id, title: 'Processed later' });
    const worker = t.deps.ports.queue.start({ handlers: jobHandlers(t.deps), pollIntervalMs: 20 });
    try {
      await indexCaughtUp(t, [pin.id]);
      const { data } = await visualSearchAs(visitor, { pin_id: right.id });
      expect(data.results.slice(0, 3).map((r) => r.title)).toEqual(['Processed later', expect.any(String), expect.any(String)]);
    } finally {
      await worker.stop();
      await deletePin(t.deps, alice.actor, pin.id);
    }
  });

  it('never shows what the reader may not see: secret boards, blocks either way, hidden, deleted or unsafe pins', async () => {
    const bob = await makeUser(t.deps, 'bob');
    const carol = await makeUser(t.deps, 'carol');
    const dave = await makeUser(t.deps, 'dave');
    const erin = await makeUser(t.deps, 'erin');
    const picture = await photo(102);
    const secret = await pinOfPicture(t.deps, bob, await makeBoard(t.deps, bob, { privacy: 'secret' }), picture, 'Secret twin');
    const byBlocked = await pinOfPicture(t.deps, dave, await makeBoard(t.deps, dave), picture, 'By someone Carol blocked');
    const byBlocker = await pinOfPicture(t.deps, erin, await makeBoard(t.deps, erin), picture, 'By someone who blocked Carol');
    const hidden = await pinOfPicture(t.deps, bob, await makeBoard(t.deps, bob), picture, 'Hidden by Carol');
    const unsafe = await pinOfPicture(t.deps, bob, await makeBoard(t.deps, bob), picture, 'Unsafe');
    const deleted = await pinOfPicture(t.deps, bob, await makeBoard(t.deps, bob), picture, 'Deleted');
    await blockUser(t.deps, carol.actor, dave.id);
    await blockUser(t.deps, erin.actor, carol.id);
    await setPinHidden(t.deps, carol.actor, hidden.id, true);
    await t.deps.db.updateTable('pins').set({ is_unsafe: 1 }).where('id', '=', unsafe.id).execute();
    await indexCaughtUp(t, [secret.id, byBlocked.id, byBlocker.id, hidden.id, unsafe.id, deleted.id]);
    await deletePin(t.deps, bob.actor, deleted.id);
    await indexCaughtUp(t, [], [deleted.id]);

    const carolClient = await signIn(t, carol);
    const crop = { pin_id: both.id, crop: { x: 0.5, y: 0, w: 0.5, h: 1 } };
    const seenByCarol = (await allVisualPages(carolClient, crop)).ids;
    const seenByVisitor = (await allVisualPages(visitor, crop)).ids;
    for (const pin of [secret, byBlocked, byBlocker, hidden, unsafe, deleted]) expect(seenByCarol, pin.title).not.toContain(pin.id);
    for (const pin of [secret, unsafe, deleted]) expect(seenByVisitor, pin.title).not.toContain(pin.id);
    // The visitor has hidden nothing and blocked no one.
    expect(seenByVisitor).toEqual(expect.arrayContaining([byBlocked.id, byBlocker.id, hidden.id]));
    expect(seenByCarol[0]).toBe(right.id);
    // The secret pin's owner finds it: it is theirs to see.
    const bobsFirst = (await visualSearchAs(await signIn(t, bob), { pin_id: right.id })).ids.slice(0, 6);
    expect(bobsFirst).toContain(secret.id);
    // Searching from a pin the reader may not see is not found, as the pin itself is.
    expect((await carolClient.getResource('VisualSearchFlashlightUnifiedResource', { pin_id: secret.id })).statusCode).toBe(404);
    expect((await visitor.getResource('VisualSearchFlashlightUnifiedResource', { pin_id: deleted.id })).statusCode).toBe(404);
  });
});
