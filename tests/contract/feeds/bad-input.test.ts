import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../../src/server/app.ts';
import { encodeBookmark } from '../../../src/server/common/bookmark.ts';
import { encodeHomeBookmark } from '../../../src/server/feeds/home-bookmark.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn } from '../../support/factories.ts';
import { expectResourceFailure, hostileResourceCall, seedOf, seededRandom } from '../auth/hostile-inputs.ts';

/*
 * Hostile options for UserHomefeedResource: wrong types, huge and odd strings, forged bookmarks,
 * broken encodings. Never a 5xx, never a stack trace, a failure always in the error envelope, and
 * nothing stored changes.
 */

const CASES = Number(process.env['FUZZ_CASES'] ?? 60);
const BASE_SEED = Number(process.env['FUZZ_SEED'] ?? 20250505);

type Page = { resource_response: { data: { id: string }[]; bookmark: string; error: { message: string } } };

describe.each(databaseKinds)('hostile input to the home feed on %s', (kind) => {
  let t: TestApp;
  let client: TestClient;
  let bookmark: string;

  async function tables(): Promise<string> {
    const db = t.deps.db;
    const all = await Promise.all([
      db.selectFrom('pins').selectAll().orderBy('id').execute(),
      db.selectFrom('board_pins').selectAll().orderBy('id').execute(),
      db.selectFrom('boards').selectAll().orderBy('id').execute(),
      db.selectFrom('user_follows').selectAll().orderBy('follower_id').orderBy('followee_id').execute(),
      db.selectFrom('board_follows').selectAll().orderBy('user_id').orderBy('board_id').execute(),
      db.selectFrom('hidden_pins').selectAll().orderBy('user_id').orderBy('pin_id').execute(),
    ]);
    return JSON.stringify(all);
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    const me = await makeUser(t.deps, 'fuzzer');
    const other = await makeUser(t.deps, 'other');
    const board = await makeBoard(t.deps, other);
    for (let i = 0; i < 30; i++) await makePin(t.deps, other, board, { title: `Pin ${i}` });
    client = await signIn(t, me);
    bookmark = (await client.getResource('UserHomefeedResource')).json<Page>().resource_response.bookmark;
  });
  afterAll(() => t.close());

  it('UserHomefeedResource get: never 5xx, always the error envelope, nothing changed', async () => {
    const seed = seedOf('UserHomefeedResource/get', BASE_SEED);
    const random = seededRandom(seed);
    const before = await tables();
    for (let i = 0; i < CASES; i += 1) {
      const call = hostileResourceCall('UserHomefeedResource', 'get', { bookmark }, random, BODY_LIMIT);
      const response = await client.request(call);
      const where = `case ${i} (seed ${seed}): ${call.url.slice(0, 300)}`;
      expect(response.statusCode, `${where}\n${response.body.slice(0, 500)}`).toBeLessThan(500);
      expect(response.body, where).not.toMatch(/\.ts:\d+|node_modules|at \w+ \(/);
      if (response.statusCode >= 400) expectResourceFailure(response, where);
      expect(await tables(), where).toBe(before);
    }
  });

  it('answers plain mistakes with a clear 400', async () => {
    const forged: [unknown, RegExp][] = [
      [5, /bookmark/],
      [['x'], /bookmark/],
      ['forged', /bookmark: This bookmark is not one of ours/],
      ['a'.repeat(513), /bookmark/],
      [encodeBookmark({ key: 25, id: '1' }), /not one of ours/],
      [encodeHomeBookmark({ token: '99999999999999999999', offset: 1, lastId: '1' }), /not one of ours/],
    ];
    for (const [value, message] of forged) {
      const response = await client.getResource('UserHomefeedResource', { bookmark: value });
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
      expect(response.json<Page>().resource_response.error.message).toMatch(message);
    }
    // A well-formed bookmark of a list this node never saw pages on from the token's position.
    const unknown = encodeHomeBookmark({ token: '1', offset: 3, lastId: '1' });
    expect((await client.getResource('UserHomefeedResource', { bookmark: unknown })).statusCode).toBe(200);
    expect((await client.getResource('UserHomefeedResource', { bookmark: '-end-' })).json<Page>().resource_response).toMatchObject({
      data: [],
      bookmark: '-end-',
    });
  });
});
