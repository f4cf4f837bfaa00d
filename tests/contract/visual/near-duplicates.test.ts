import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Board, Pin } from '../../../src/server/db/schema/boards-and-pins.ts';
import { deletePin } from '../../../src/server/pins/pins.service.ts';
import type { TestApp, TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makeUser, signIn, withCountedTestApp, type TestUser } from '../../support/factories.ts';
import { multipart } from '../media/fixtures.ts';
import { indexCaughtUp, photo, pinOfPicture, visualSearchAs, type VisualData } from './helpers.ts';

/*
 * The near-duplicate test: generated pictures, each also as a copy resized to half, one
 * recompressed at JPEG quality 50 and one cropped by 10% (5% off each edge). Searching with a
 * copy must find its original first in at least 95% of cases: with the copy as a pin (the whole
 * picture as the crop), and with the copy's file as an uploaded picture.
 */
const ORIGINALS = 40;
const RATE = 0.95;

type Copy = { kind: string; make: (original: Buffer) => Promise<Buffer> };

const copies: Copy[] = [
  {
    kind: 'resized to half',
    make: async (o) =>
      sharp(o)
        .resize({ width: Math.round((await sharp(o).metadata()).width / 2) })
        .jpeg({ quality: 90 })
        .toBuffer(),
  },
  { kind: 'JPEG quality 50', make: (o) => sharp(o).jpeg({ quality: 50 }).toBuffer() },
  {
    kind: 'cropped by 10%',
    make: async (o) => {
      const { width, height } = await sharp(o).metadata();
      const [dx, dy] = [Math.round(width * 0.05), Math.round(height * 0.05)];
      return sharp(o)
        .extract({ left: dx, top: dy, width: width - 2 * dx, height: height - 2 * dy })
        .jpeg({ quality: 90 })
        .toBuffer();
    },
  },
];

function report(path: string, kind: string, hits: number, total: number): void {
  process.stdout.write(`near-duplicates (${path}, ${kind}): original first in ${hits}/${total} = ${((100 * hits) / total).toFixed(1)}%\n`);
}

describe.each(databaseKinds)('near-duplicates rank first on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app), 'at the end');

  let alice: TestUser;
  let bob: TestUser;
  let bobClient: TestClient;
  let bobsBoard: Board;
  const originals: { pin: Pin; picture: Buffer }[] = [];

  beforeAll(async () => {
    alice = await makeUser(t.deps, 'alice');
    bob = await makeUser(t.deps, 'bob');
    const board = await makeBoard(t.deps, alice, { name: 'Originals' });
    bobsBoard = await makeBoard(t.deps, bob, { name: 'Copies' });
    for (let seed = 1; seed <= ORIGINALS; seed++) {
      // Sizes vary, as pictures do; scene() paints a different picture for every seed.
      const picture = await photo(seed, 560 + (seed % 5) * 60, 420 + (seed % 3) * 80);
      originals.push({ pin: await pinOfPicture(t.deps, alice, board, picture, `Original ${seed}`), picture });
    }
    bobClient = await signIn(t, bob);
    await indexCaughtUp(
      t,
      originals.map((o) => o.pin.id),
    );
  }, 180_000);

  it.each(copies)(
    'finds the original first from a pin holding a copy $kind',
    async (copy) => {
      const pins = await Promise.all(originals.map(async (o) => pinOfPicture(t.deps, bob, bobsBoard, await copy.make(o.picture), 'Copy')));
      await indexCaughtUp(
        t,
        pins.map((p) => p.id),
      );
      let hits = 0;
      for (const [i, pin] of pins.entries()) {
        const { ids } = await visualSearchAs(bobClient, { pin_id: pin.id });
        if (ids[0] === originals[i]?.pin.id) hits += 1;
      }
      // The copies of other originals stay in the index meanwhile: each is a near miss to beat.
      for (const pin of pins) await deletePin(t.deps, bob.actor, pin.id);
      report('copy as a pin', copy.kind, hits, pins.length);
      expect(hits / pins.length).toBeGreaterThanOrEqual(RATE);
    },
    120_000,
  );

  it.each(copies)(
    'finds the original first from an uploaded copy $kind, storing nothing',
    async (copy) => {
      const mediaBefore = await t.deps.db.selectFrom('media').select('id').execute();
      let hits = 0;
      for (const original of originals) {
        const upload = multipart(await copy.make(original.picture), 'copy.jpg', 'image/jpeg');
        const response = await bobClient.request({ method: 'POST', url: '/v3/visual_search/image/', payload: upload.payload, headers: upload.headers });
        expect(response.statusCode, response.body).toBe(200);
        const data = response.json<{ data: VisualData }>().data;
        if (data.results[0]?.id === original.pin.id) hits += 1;
      }
      report('uploaded copy', copy.kind, hits, originals.length);
      expect(hits / originals.length).toBeGreaterThanOrEqual(RATE);
      expect(await t.deps.db.selectFrom('media').select('id').execute()).toEqual(mediaBefore);
    },
    120_000,
  );
});
