import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../../src/server/app.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, visitorClient } from '../../support/factories.ts';
import { catchUpSearch } from '../../support/settle.ts';
import { freshRecommender } from '../recs/world.ts';
import { expectResourceFailure, hostileResourceCall, seedOf, seededRandom } from '../auth/hostile-inputs.ts';
import { errorOf, read } from '../discovery/helpers.ts';

/*
 * LandingPinsResource and RelatedPinFeedResource: hostile options never give a 5xx or a stack
 * trace and change nothing; plain mistakes get a clear 400; a pin the reader may not see is 404.
 * The related resource pages as the closeup's query does: 12 a page, on through its bookmark.
 */

const CASES = Number(process.env['FUZZ_CASES'] ?? 30);
const BASE_SEED = Number(process.env['FUZZ_SEED'] ?? 20261128);

describe.each(databaseKinds)('the landing and related pin resources on %s', (kind) => {
  let t: TestApp;
  let visitor: TestClient;
  let publicPin: string;
  let secretPin: string;

  const tables = async () =>
    JSON.stringify(
      await Promise.all([
        t.deps.db.selectFrom('pins').selectAll().orderBy('id').execute(),
        t.deps.db.selectFrom('board_pins').selectAll().orderBy('id').execute(),
      ]),
    );

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    const owner = await makeUser(t.deps, 'owner');
    const board = await makeBoard(t.deps, owner, { name: 'Lanterns' });
    const made = [];
    for (let i = 0; i < 30; i++) made.push((await makePin(t.deps, owner, board, { title: `Paper lantern ${i}` })).pin.id);
    publicPin = made[0] ?? '';
    secretPin = (await makePin(t.deps, owner, await makeBoard(t.deps, owner, { name: 'Plans', privacy: 'secret' }), { title: 'Secret lantern' })).pin.id;
    await catchUpSearch(t.deps);
    await freshRecommender(t.deps);
    visitor = await visitorClient(t);
  }, 120_000);
  afterAll(() => t.close());

  it.each([
    ['LandingPinsResource', () => ({})],
    ['RelatedPinFeedResource', () => ({ pin_id: publicPin })],
  ])('%s get: never 5xx, always the error envelope, nothing changed', async (name, options) => {
    const seed = seedOf(`${name}/get`, BASE_SEED);
    const random = seededRandom(seed);
    const before = await tables();
    for (let i = 0; i < CASES; i += 1) {
      const call = hostileResourceCall(name, 'get', options(), random, BODY_LIMIT);
      const response = await visitor.request(call);
      const where = `case ${i} (seed ${seed}): ${call.url.slice(0, 300)}`;
      expect(response.statusCode, `${where}\n${response.body.slice(0, 500)}`).toBeLessThan(500);
      expect(response.body, where).not.toMatch(/\.ts:\d+|node_modules|at \w+ \(/);
      if (response.statusCode >= 400) expectResourceFailure(response, where);
    }
    expect(await tables()).toBe(before);
  });

  it('answers plain mistakes with a clear 400 and a pin the reader may not see with 404', async () => {
    const mistakes: [Record<string, unknown>, RegExp][] = [
      [{}, /pin_id/],
      [{ pin_id: 'abc' }, /pin_id/],
      [{ pin_id: publicPin, bookmark: 'a'.repeat(513) }, /bookmark/],
      [{ pin_id: publicPin, bookmark: 'forged' }, /bookmark/],
    ];
    for (const [options, message] of mistakes) {
      const response = await visitor.getResource('RelatedPinFeedResource', options);
      expect(response.statusCode, JSON.stringify(options)).toBe(400);
      expect(errorOf(response)).toMatch(message);
    }
    for (const pin_id of [secretPin, '999999999999']) {
      expect((await visitor.getResource('RelatedPinFeedResource', { pin_id })).statusCode).toBe(404);
    }
  });

  it('pages the related feed 12 at a time, each pin once, never the pin itself or a secret one', async () => {
    const first = await read<{ id: string }[]>(visitor, 'RelatedPinFeedResource', { pin_id: publicPin });
    expect(first.data).toHaveLength(12);
    expect(first.bookmark).not.toBe('-end-');
    const second = await read<{ id: string }[]>(visitor, 'RelatedPinFeedResource', { pin_id: publicPin, bookmark: first.bookmark });
    const ids = [...first.data, ...second.data].map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(publicPin);
    expect(ids).not.toContain(secretPin);
  });
});
