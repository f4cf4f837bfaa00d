import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../../src/server/app.ts';
import type { Pin } from '../../../src/server/db/schema/boards-and-pins.ts';
import { MAX_UPLOAD_BYTES } from '../../../src/server/media/limits.ts';
import type { TestApp, TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn, visitorClient, withCountedTestApp } from '../../support/factories.ts';
import { expectResourceFailure, hostileResourceCall, seedOf, seededRandom } from '../auth/hostile-inputs.ts';
import { multipart, pngBomb, scene } from '../media/fixtures.ts';
import { filesUnder } from '../media/harness.ts';
import { failureOf, indexCaughtUp, photo, pinOfPicture, RESOURCE, visualSearchAs } from './helpers.ts';

/*
 * Hostile options for the visual search resource and hostile files for the search by image:
 * never a 5xx or a stack trace, a clear 4xx in the envelope, and nothing changed or kept.
 */
const CASES = Number(process.env['FUZZ_CASES'] ?? 60);
const BASE_SEED = Number(process.env['FUZZ_SEED'] ?? 20250512);
const IMAGE_SEARCH = '/v3/visual_search/image/';

describe.each(databaseKinds)('hostile input to visual search on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app), 'at the end');
  let member: TestClient;
  let pin: Pin;
  let tiny: Pin;
  let bookmark: string;

  async function snapshot(): Promise<string> {
    const db = t.deps.db;
    // Text searches are remembered after their answers.
    await t.deps.replicas.recentSearches.settled();
    const all = await Promise.all([
      db.selectFrom('pins').selectAll().orderBy('id').execute(),
      db.selectFrom('media').select(['id', 'status', 'images']).orderBy('id').execute(),
      db.selectFrom('board_pins').selectAll().orderBy('id').execute(),
      db.selectFrom('recent_searches').selectAll().orderBy('query_key').execute(),
    ]);
    return JSON.stringify([all, filesUnder(path.join(t.config.dataDir, 'media')).length, filesUnder(path.join(t.config.dataDir, 'tmp'))]);
  }

  beforeAll(async () => {
    const me = await makeUser(t.deps, 'fuzzer');
    const board = await makeBoard(t.deps, me);
    pin = await pinOfPicture(t.deps, me, board, await photo(5));
    for (let seed = 6; seed < 36; seed++) await pinOfPicture(t.deps, me, board, await photo(seed));
    // makePin's picture is 40×60: a box of a tenth of it holds 4×6 pixels.
    tiny = (await makePin(t.deps, me, board)).pin;
    member = await signIn(t, me);
    await indexCaughtUp(t, [pin.id, tiny.id]);
    bookmark = (await visualSearchAs(member, { pin_id: pin.id })).bookmark ?? '';
  }, 60_000);

  it('VisualSearchFlashlightUnifiedResource get: never 5xx, always the error envelope, nothing changed', async () => {
    const seed = seedOf(RESOURCE, BASE_SEED);
    const random = seededRandom(seed);
    const example = {
      pin_id: pin.id,
      crop: { x: 0.1, y: 0.1, w: 0.5, h: 0.5 },
      is_shopping: true,
      bookmark,
      appliedProductFilters: { price_min: 1, price_max: 50, domains: ['shop.example.com'], in_stock: true },
      category_id: pin.id,
    };
    const before = await snapshot();
    for (let i = 0; i < CASES; i += 1) {
      const call = hostileResourceCall(RESOURCE, 'get', example, random, BODY_LIMIT);
      const response = await member.request(call);
      const where = `case ${i} (seed ${seed}): ${call.url.slice(0, 300)}`;
      expect(response.statusCode, `${where}\n${response.body.slice(0, 500)}`).toBeLessThan(500);
      expect(response.body, where).not.toMatch(/\.ts:\d+|node_modules|at \w+ \(/);
      if (response.statusCode >= 400) expectResourceFailure(response, where);
    }
    expect(await snapshot()).toBe(before);
  });

  it('answers plain mistakes with a clear 4xx', async () => {
    const box = (crop: unknown) => ({ pin_id: pin.id, crop });
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{}, 400, /pin_id: Give a pin_id/],
      [{ pin_id: pin.id, query_features: 'A'.repeat(98) }, 400, /pin_id: Give a pin_id/],
      [{ pin_id: 'one' }, 400, /pin_id: Not found/],
      [{ pin_id: '123456789' }, 404, /Not found/],
      [box({ x: 1.2, y: 0, w: 0.5, h: 0.5 }), 400, /crop\.x: must be between 0 and 1/],
      [box({ x: -0.1, y: 0, w: 0.5, h: 0.5 }), 400, /crop\.x: must be between 0 and 1/],
      [box({ x: 0.6, y: 0, w: 0.5, h: 0.5 }), 400, /crop\.w: The box must lie inside the picture/],
      [box({ x: 0, y: 0.7, w: 0.5, h: 0.5 }), 400, /crop\.h: The box must lie inside the picture/],
      [box({ x: 0, y: 0, w: 0.01, h: 0.5 }), 400, /crop\.w: must be at least 0.05/],
      [box({ x: 0, y: 0, w: 0, h: 0.5 }), 400, /crop\.w/],
      [box({ x: '0', y: 0, w: 0.5, h: 0.5 }), 400, /crop\.x/],
      [box('0,0,1,1'), 400, /crop/],
      [box({ x: 0, y: 0, w: 0.5, h: 0.5, z: 1 }), 400, /crop/],
      [box({ x: 0, y: 0, w: 0.5 }), 400, /crop\.h: Required/],
      [{ pin_id: tiny.id, crop: { x: 0, y: 0, w: 0.1, h: 0.1 } }, 400, /too small/],
      [{ pin_id: pin.id, bookmark: 'forged' }, 400, /bookmark/],
      [{ query_features: 'xyz' }, 400, /query_features/],
      [{ query_features: 'A'.repeat(98) }, 400, /query_features/],
      [{ pin_id: pin.id, is_shopping: 'yes' }, 400, /is_shopping/],
      [{ pin_id: pin.id, is_shopping: true, appliedProductFilters: { price_min: 9, price_max: 1 } }, 400, /price_min/],
      [{ pin_id: pin.id, is_shopping: true, category_id: '123456789' }, 404, /category_id/],
    ];
    const before = await snapshot();
    for (const [options, status, message] of cases) {
      const failure = failureOf(await member.getResource(RESOURCE, options));
      expect(failure, JSON.stringify(options)).toMatchObject({ status });
      expect(failure.message, JSON.stringify(options)).toMatch(message);
    }
    expect(await snapshot()).toBe(before);
  });

  describe('the search by image', () => {
    const send = (client: TestClient, picture: Buffer, fields = '') => {
      const upload = multipart(picture, 'query.jpg', 'image/jpeg');
      const payload = Buffer.concat([Buffer.from(fields), upload.payload]);
      return client.request({ method: 'POST', url: IMAGE_SEARCH, payload, headers: upload.headers });
    };
    const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const BOUNDARY = '----corkboard-test-boundary-7MA4YWxkTrZu0gW';

    it('refuses what is not a picture, bombs, broken files and strangers, keeping nothing', async () => {
      const jpeg = await scene(400, 300, 9).jpeg().toBuffer();
      const mp4 = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
      const cases: [TestClient, Buffer, string, number, RegExp][] = [
        [await visitorClient(t), jpeg, '', 401, /Authentication required/],
        [member, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), '', 415, /not supported/],
        [member, Buffer.concat([jpeg, mp4]), '', 200, /./],
        [member, Buffer.concat([mp4, Buffer.alloc(64)]), '', 415, /Only images/],
        [member, Buffer.concat([jpeg, Buffer.from('<script>alert(1)</script>')]), '', 415, /script/],
        [member, pngBomb(), '', 400, /too many pixels/],
        [member, jpeg.subarray(0, jpeg.length / 2), '', 400, /could not be read/],
        [member, Buffer.alloc(0), '', 400, /empty/],
        [member, jpeg, field('is_shopping', 'perhaps'), 400, /is_shopping/],
      ];
      const before = await snapshot();
      for (const [client, picture, fields, status, message] of cases) {
        const response = await send(client, picture, fields);
        expect(response.statusCode, response.body).toBe(status);
        if (status !== 200) expect(response.json<{ message: string }>().message).toMatch(message);
        expect(await snapshot()).toBe(before);
      }
      const noFile = await member.request({
        method: 'POST',
        url: IMAGE_SEARCH,
        payload: '--b--\r\n',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      });
      expect(failureOf(noFile)).toMatchObject({ status: 400, message: expect.stringMatching(/No file/) as unknown });
      const json = await member.request({ method: 'POST', url: IMAGE_SEARCH, payload: { file: 'x' } });
      expect(failureOf(json).status).toBe(415);
      const huge = multipart(Buffer.alloc(10));
      const declared = await member.request({
        method: 'POST',
        url: IMAGE_SEARCH,
        payload: huge.payload,
        headers: { ...huge.headers, 'content-length': String(MAX_UPLOAD_BYTES + 1024 * 1024) },
      });
      expect(failureOf(declared)).toMatchObject({ status: 413, message: expect.stringMatching(/200 MB/) as unknown });
      expect(await snapshot()).toBe(before);
    });

    it("answers the resource's shape, and its token and bookmark continue it through the resource", async () => {
      const picture = await sharp(await photo(5))
        .resize({ width: 300 })
        .png()
        .toBuffer();
      const response = await send(member, picture, field('is_shopping', 'false'));
      expect(response.statusCode, response.body).toBe(200);
      const first = response.json<{ data: { results: { id: string }[]; query_features: string; bookmark: string; price_filters: unknown } }>().data;
      expect(first.results[0]?.id).toBe(pin.id);
      expect(first.results).toHaveLength(25);
      expect(first.price_filters).toBeNull();
      const again = await visualSearchAs(member, { query_features: first.query_features });
      expect(again.ids).toEqual(first.results.map((r) => r.id));
      const next = await visualSearchAs(member, { query_features: first.query_features, bookmark: first.bookmark });
      expect(next.ids.length).toBeGreaterThan(0);
      expect(next.ids.filter((id) => first.results.some((r) => r.id === id))).toEqual([]);
    });
  });
});
