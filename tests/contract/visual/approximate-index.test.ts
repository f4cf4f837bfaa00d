import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board, Pin } from '../../../src/server/db/schema/boards-and-pins.ts';
import { deletePin, setPinHidden } from '../../../src/server/pins/pins.service.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import { PRODUCT } from '../../../src/server/visual/feature-table.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds, pgvectorAvailable, type DatabaseKind } from '../../support/databases.ts';
import { counterDrift, makeBoard, makeProductPin, makeUser, signIn, visitorClient, type TestUser } from '../../support/factories.ts';
import { allVisualPages, diptych, indexCaughtUp, photo, pinOfPicture, visualSearchAs } from './helpers.ts';

/*
 * Visual search with its approximate index on: the exact-scan size lowered to 10, so a few dozen
 * pins, and a dozen products, are answered through HNSW graphs, each node's own (decision 0025)
 * on both databases, and PostgreSQL's pgvector (decision 0032) where the server has it. What a
 * reader sees must not change: the nearest first, new pins found and deleted ones gone shortly
 * after their commits, and nothing the reader may not see.
 */
const EXACT_SCAN_UP_TO = 10;

const setups: { kind: DatabaseKind; index: 'memory' | 'pgvector' }[] = [
  ...databaseKinds.map((kind) => ({ kind, index: 'memory' as const })),
  ...(pgvectorAvailable ? [{ kind: 'postgres' as const, index: 'pgvector' as const }] : []),
];

describe.each(setups)('visual search through its approximate index ($index) on $kind', ({ kind, index }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false, env: { VISUAL_EXACT_SCAN_UP_TO: String(EXACT_SCAN_UP_TO), VISUAL_INDEX: index } });
  });
  afterAll(async () => {
    expect(await counterDrift(t.deps)).toEqual([]);
    await t.close();
  });

  let alice: TestUser;
  let board: Board;
  let visitor: TestClient;
  let both: Pin;
  let left: Pin;
  let right: Pin;
  const others: Pin[] = [];
  const products: Pin[] = [];

  const cropRight = { pin_id: '', crop: { x: 0.5, y: 0, w: 0.5, h: 1 } };
  const graphsOn = () => {
    const neighbours = t.deps.replicas.visualIndex?.neighbours;
    return [neighbours?.approximate(0), neighbours?.approximate(PRODUCT)];
  };

  beforeAll(async () => {
    alice = await makeUser(t.deps, 'alice');
    board = await makeBoard(t.deps, alice, { name: 'Pictures' });
    const [a, b] = await Promise.all([photo(101), photo(102)]);
    both = await pinOfPicture(t.deps, alice, board, await diptych(a, b), 'Both');
    left = await pinOfPicture(t.deps, alice, board, a, 'Left');
    right = await pinOfPicture(t.deps, alice, board, b, 'Right');
    cropRight.pin_id = both.id;
    for (let seed = 1; seed <= 14; seed++) others.push(await pinOfPicture(t.deps, alice, board, await photo(seed), `Other ${seed}`));
    for (let i = 0; i < EXACT_SCAN_UP_TO + 2; i++) {
      const picture = await photo(200 + i, 320, 240);
      products.push(
        await makeProductPin(t.deps, alice, board, `Lamp ${i}`, { price: `${10 + i}`, availability: 'InStock', domain: 'lamps.example.com' }, picture),
      );
    }
    visitor = await visitorClient(t);
    await indexCaughtUp(t, [both.id, left.id, right.id, ...others.map((p) => p.id), ...products.map((p) => p.id)]);
  }, 180_000);

  it('answers through the graphs, the nearest first, never the pin searched from', async () => {
    expect(graphsOn()).toEqual([true, true]);
    expect((await visualSearchAs(visitor, cropRight)).ids[0]).toBe(right.id);
    expect((await visualSearchAs(visitor, { pin_id: both.id, crop: { x: 0.02, y: 0.05, w: 0.46, h: 0.9 } })).ids[0]).toBe(left.id);
    const whole = await visualSearchAs(visitor, { pin_id: right.id });
    expect(whole.ids).not.toContain(right.id);
    expect(whole.ids).toHaveLength(25);
  });

  it('pages through every pin once, and only products when shopping', async () => {
    const { ids } = await allVisualPages(visitor, cropRight);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual([left.id, right.id, ...others.map((p) => p.id), ...products.map((p) => p.id)].sort());
    const shopping = await allVisualPages(visitor, { ...cropRight, is_shopping: true });
    expect(shopping.ids.sort()).toEqual(products.map((p) => p.id).sort());
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
    expect(graphsOn()).toEqual([true, true]);
    expect((await visualSearchAs(visitor, { pin_id: right.id })).ids[0]).toBe(copy.id);
    await deletePin(t.deps, alice.actor, copy.id);
    await indexCaughtUp(t, [], [copy.id]);
    expect((await visualSearchAs(visitor, { pin_id: right.id })).ids).not.toContain(copy.id);
  });

  it('never shows what the reader may not see: secret boards, blocks either way, hidden, deleted or unsafe pins', async () => {
    const [bob, carol, dave, erin] = [
      await makeUser(t.deps, 'bob'),
      await makeUser(t.deps, 'carol'),
      await makeUser(t.deps, 'dave'),
      await makeUser(t.deps, 'erin'),
    ];
    const picture = await photo(102);
    const secret = await pinOfPicture(t.deps, bob, await makeBoard(t.deps, bob, { privacy: 'secret' }), picture, 'Secret twin');
    const secretProduct = await makeProductPin(
      t.deps,
      bob,
      await makeBoard(t.deps, bob, { privacy: 'secret' }),
      'Secret lamp',
      { price: '99', availability: 'InStock', domain: 'secret.example.com' },
      picture,
    );
    const byBlocked = await pinOfPicture(t.deps, dave, await makeBoard(t.deps, dave), picture, 'By someone Carol blocked');
    const byBlocker = await pinOfPicture(t.deps, erin, await makeBoard(t.deps, erin), picture, 'By someone who blocked Carol');
    const hidden = await pinOfPicture(t.deps, bob, await makeBoard(t.deps, bob), picture, 'Hidden by Carol');
    const unsafe = await pinOfPicture(t.deps, bob, await makeBoard(t.deps, bob), picture, 'Unsafe');
    const deleted = await pinOfPicture(t.deps, bob, await makeBoard(t.deps, bob), picture, 'Deleted');
    await blockUser(t.deps, carol.actor, dave.id);
    await blockUser(t.deps, erin.actor, carol.id);
    await setPinHidden(t.deps, carol.actor, hidden.id, true);
    await t.deps.db.updateTable('pins').set({ is_unsafe: 1 }).where('id', '=', unsafe.id).execute();
    await indexCaughtUp(t, [secret.id, secretProduct.id, byBlocked.id, byBlocker.id, hidden.id, unsafe.id, deleted.id]);
    await deletePin(t.deps, bob.actor, deleted.id);
    await indexCaughtUp(t, [], [deleted.id]);
    expect(graphsOn()).toEqual([true, true]);

    const carolClient = await signIn(t, carol);
    const seenByCarol = (await allVisualPages(carolClient, cropRight)).ids;
    const seenByVisitor = (await allVisualPages(visitor, cropRight)).ids;
    for (const pin of [secret, secretProduct, byBlocked, byBlocker, hidden, unsafe, deleted]) expect(seenByCarol, pin.title).not.toContain(pin.id);
    for (const pin of [secret, secretProduct, unsafe, deleted]) expect(seenByVisitor, pin.title).not.toContain(pin.id);
    expect(seenByVisitor).toEqual(expect.arrayContaining([byBlocked.id, byBlocker.id, hidden.id]));
    expect((await allVisualPages(visitor, { ...cropRight, is_shopping: true })).ids).not.toContain(secretProduct.id);
    // Twins of the crop lead, yet a page still fills with what Carol may see.
    expect(seenByCarol[0]).toBe(right.id);
    expect((await visualSearchAs(carolClient, cropRight)).ids).toHaveLength(25);
    // Their owner finds the secret ones: they are theirs to see.
    const bobClient = await signIn(t, bob);
    expect((await visualSearchAs(bobClient, { pin_id: right.id })).ids.slice(0, 8)).toEqual(expect.arrayContaining([secret.id, secretProduct.id]));
    expect((await visualSearchAs(bobClient, { pin_id: right.id, is_shopping: true })).ids[0]).toBe(secretProduct.id);
  });
});
