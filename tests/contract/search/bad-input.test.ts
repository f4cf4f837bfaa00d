import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../../src/server/app.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn } from '../../support/factories.ts';
import { expectResourceFailure, hostileResourceCall, seedOf, seededRandom } from '../auth/hostile-inputs.ts';
import { searchAs } from './helpers.ts';

/*
 * Hostile options for every search resource and verb: wrong types, huge and odd strings, missing
 * and extra fields, broken encodings. Never a 5xx, never a stack trace, a failure always in the
 * error envelope, and a refused call changes nothing (a search that succeeds may remember itself).
 */

const CASES = Number(process.env['FUZZ_CASES'] ?? 60);
const BASE_SEED = Number(process.env['FUZZ_SEED'] ?? 20250505);

type Endpoint = { name: string; verb: 'get' | 'delete'; example: (username: string) => Record<string, unknown> };

const endpoints: Endpoint[] = [
  {
    name: 'BaseSearchResource',
    verb: 'get',
    example: (user) => ({
      query: 'felt garland',
      scope: 'buyable_pins',
      bookmark: 'WzE3MDAwMDAwMDAwMDAsMC41LCIxMjMiXQ',
      auto_correction_disabled: true,
      appliedProductFilters: { price_min: 1, price_max: 20, domains: ['shop.example.com'], in_stock: true },
      user,
      rs: 'typed',
      corpus: 'personalize',
      query_pin_sigs: ['0123456789abcdef0123456789abcdef'],
      filters: 'video',
      applied_filters: ['a'],
      source_id: 'header',
      redux_normalize_feed: true,
    }),
  },
  { name: 'SearchResource', verb: 'get', example: () => ({ query: 'felt', scope: 'boards', bookmark: '-end-' }) },
  { name: 'SearchTabResource', verb: 'get', example: () => ({ query: 'felt', scope: 'videos' }) },
  { name: 'AdvancedTypeaheadResource', verb: 'get', example: () => ({ term: 'fel', recent_queries_tags: 'recent_pin_searches,recent_user_searches' }) },
  { name: 'AdvancedTypeaheadResource', verb: 'delete', example: () => ({ term: 'felt garland', clear_all: true }) },
];

describe.each(databaseKinds)('hostile input to the search resources on %s', (kind) => {
  let t: TestApp;
  let client: TestClient;
  let username: string;
  let userId: string;

  async function tables(): Promise<string> {
    const db = t.deps.db;
    // A search is remembered after its answer.
    await t.deps.replicas.recentSearches.settled(userId);
    const all = await Promise.all([
      db.selectFrom('search_pins').selectAll().orderBy('pin_id').execute(),
      db.selectFrom('search_terms').selectAll().orderBy('term').execute(),
      db.selectFrom('search_boards').selectAll().orderBy('board_id').execute(),
      db.selectFrom('search_users').selectAll().orderBy('user_id').execute(),
      db.selectFrom('search_stale_pins').selectAll().orderBy('pin_id').execute(),
      db.selectFrom('recent_searches').selectAll().orderBy('list').orderBy('query_key').execute(),
    ]);
    return JSON.stringify(all);
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    const me = await makeUser(t.deps, 'fuzzer');
    username = me.username;
    userId = me.id;
    const board = await makeBoard(t.deps, me, { name: 'Felt crafts' });
    await makePin(t.deps, me, board, { title: 'Felt garland' });
    client = await signIn(t, me);
    await searchAs(client, { query: 'felt garland' });
  });
  afterAll(() => t.close());

  it.each(endpoints)('$name $verb: never 5xx, always the error envelope, nothing changed on 4xx', async (endpoint) => {
    const seed = seedOf(`${endpoint.name}/${endpoint.verb}`, BASE_SEED);
    const random = seededRandom(seed);
    let before = await tables();
    for (let i = 0; i < CASES; i += 1) {
      const call = hostileResourceCall(endpoint.name, endpoint.verb, endpoint.example(username), random, BODY_LIMIT);
      const response = await client.request(call);
      const where = `${endpoint.name} ${endpoint.verb} case ${i} (seed ${seed}): ${call.method ?? 'GET'} ${call.url.slice(0, 300)}`;
      expect(response.statusCode, `${where}\n${response.body.slice(0, 500)}`).toBeLessThan(500);
      expect(response.body, where).not.toMatch(/\.ts:\d+|node_modules|at \w+ \(/);
      if (response.statusCode >= 400) {
        expectResourceFailure(response, where);
        expect(await tables(), where).toBe(before);
      } else {
        before = await tables();
      }
    }
  });

  it('answers plain mistakes with a clear 400', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['BaseSearchResource', {}, /query/],
      ['BaseSearchResource', { query: '   ' }, /query: Required/],
      ['BaseSearchResource', { query: 'a'.repeat(201) }, /at most 200/],
      ['BaseSearchResource', { query: 'felt', scope: 'everything' }, /scope/],
      ['BaseSearchResource', { query: 'felt', bookmark: 'forged' }, /bookmark/],
      ['BaseSearchResource', { query: 'felt', scope: 'buyable_pins', appliedProductFilters: { price_min: 9, price_max: 1 } }, /price_min/],
      ['SearchTabResource', { scope: 'pins' }, /query/],
      ['AdvancedTypeaheadResource', { term: 5 }, /term/],
      ['AdvancedTypeaheadResource', { term: 'a', recent_queries_tags: 'recent_everything' }, /recent_queries_tags/],
    ];
    for (const [name, options, message] of cases) {
      const response = await client.getResource(name, options);
      expect(response.statusCode, `${name} ${JSON.stringify(options)}`).toBe(400);
      expect(response.json<{ resource_response: { error: { message: string } } }>().resource_response.error.message).toMatch(message);
    }
    const removal = await client.resource('AdvancedTypeaheadResource', 'delete', {});
    expect(removal.statusCode).toBe(400);
    expect((await client.getResource('BaseSearchResource', { query: 'felt', user: 'nobody-like-this' })).statusCode).toBe(404);
  });
});
