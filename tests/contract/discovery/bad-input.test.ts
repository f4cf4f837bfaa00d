import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../../src/server/app.ts';
import { encodeBookmark } from '../../../src/server/common/bookmark.ts';
import { ensureInterest } from '../../../src/server/social/topics.ts';
import { todayOf } from '../../../src/shared/today-paths.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn } from '../../support/factories.ts';
import { expectResourceFailure, hostileResourceCall, seedOf, seededRandom } from '../auth/hostile-inputs.ts';
import { errorOf } from './helpers.ts';

/*
 * Hostile options for every discovery and Today resource, called by an operator (so the calls
 * reach the deepest code): never a 5xx, never a stack trace, a failure always in the error
 * envelope, and a refused call changes nothing. Then plain mistakes, each with a clear 400.
 */

const CASES = Number(process.env['FUZZ_CASES'] ?? 40);
const BASE_SEED = Number(process.env['FUZZ_SEED'] ?? 20250606);

describe.each(databaseKinds)('hostile input to the discovery resources on %s', (kind) => {
  let t: TestApp;
  let ops: TestClient;
  const ids: Record<string, string> = {};
  const day = todayOf(Date.now());

  async function tables(): Promise<string> {
    const db = t.deps.db;
    const all = await Promise.all([
      db.selectFrom('today_articles').selectAll().orderBy('id').execute(),
      db.selectFrom('today_article_pins').selectAll().orderBy('article_id').orderBy('pin_id').execute(),
      db.selectFrom('interests').selectAll().orderBy('id').execute(),
      db.selectFrom('pins').selectAll().orderBy('id').execute(),
    ]);
    return JSON.stringify(all);
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false, env: { OPERATORS: 'fuzzoperator' } });
    const operator = await makeUser(t.deps, 'op');
    await t.deps.db.updateTable('users').set({ username: 'fuzzoperator' }).where('id', '=', operator.id).execute();
    const board = await makeBoard(t.deps, operator, { name: 'Ocean waves' });
    ids['pin'] = (await makePin(t.deps, operator, board, { title: 'Ocean at dusk' })).pin.id;
    ids['topic'] = (await ensureInterest(t.deps.db, 'Ocean', 'ocean')).id;
    ops = await signIn(t, operator);
    const made = await ops.resource('TodayArticleAdminResource', 'create', { title: 'Sea', kind: 0, region: 'en_US', day, pin_ids: [ids['pin']] });
    ids['article'] = made.json<{ resource_response: { data: { id: string } } }>().resource_response.data.id;
  });
  afterAll(() => t.close());

  const calls = (): [string, string, Record<string, unknown>][] => [
    ['TopicFeedResource', 'get', { slug: 'ocean', bookmark: encodeBookmark({ key: 1, id: '1' }) }],
    ['TopicFeedResource', 'get', { id: ids['topic'] }],
    ['DiscoveryFeedResource', 'get', { section: 'videos', interest_id: ids['topic'] }],
    ['DiscoveryCategoriesResource', 'get', { section: 'shopping' }],
    ['IdeasResource', 'get', { bookmark: encodeBookmark({ key: 0, id: ids['topic'] ?? '1' }) }],
    ['PinInterestsResource', 'get', { pin_id: ids['pin'] }],
    ['TodayArticlesResource', 'get', { region: 'en_US' }],
    ['TodayArticleResource', 'get', { id: ids['article'] }],
    ['TodayArticleFeedResource', 'get', { id: ids['article'], lead_pin_id: ids['pin'] }],
    ['TodayArticleAdminResource', 'get', { region: 'en_US', day }],
    [
      'TodayArticleAdminResource',
      'create',
      { title: 'New', kind: 1, is_shop: false, region: 'en_GB', day, interest_id: ids['topic'], cover_pin_id: ids['pin'] },
    ],
    ['TodayArticleAdminResource', 'update', { id: ids['article'], title: 'Renamed', position: 0, query: 'ocean' }],
    ['TodayArticleAdminResource', 'delete', { id: ids['article'] }],
    ['InterestAdminResource', 'create', { name: 'Sailing' }],
    ['OperatorScreenResource', 'get', {}],
  ];

  it('never answers 5xx, always the error envelope, and a refused call changes nothing', async () => {
    for (const [name, verb, example] of calls()) {
      const seed = seedOf(`${name}/${verb}`, BASE_SEED);
      const random = seededRandom(seed);
      let before = await tables();
      for (let i = 0; i < CASES; i += 1) {
        const call = hostileResourceCall(name, verb, example, random, BODY_LIMIT);
        const response = await ops.request(call);
        const where = `${name} ${verb} case ${i} (seed ${seed}): ${call.url.slice(0, 300)}`;
        expect(response.statusCode, `${where}\n${response.body.slice(0, 500)}`).toBeLessThan(500);
        expect(response.body, where).not.toMatch(/\.ts:\d+|node_modules|at \w+ \(/);
        const after = await tables();
        if (response.statusCode >= 400) {
          expectResourceFailure(response, where);
          expect(after, where).toBe(before);
        }
        before = after;
      }
    }
  });

  it('answers plain mistakes with a clear 400', async () => {
    const mistakes: [string, 'get' | 'create' | 'update', Record<string, unknown>, RegExp][] = [
      ['TopicFeedResource', 'get', {}, /./],
      ['TopicFeedResource', 'get', { id: ids['topic'], bookmark: 'forged' }, /bookmark: This bookmark is not one of ours/],
      ['DiscoveryFeedResource', 'get', { section: 'music' }, /section/],
      ['DiscoveryCategoriesResource', 'get', {}, /section: Required/],
      ['IdeasResource', 'get', { bookmark: 'x'.repeat(600) }, /bookmark/],
      ['PinInterestsResource', 'get', { pin_id: 'abc' }, /pin_id: Not found/],
      ['TodayArticlesResource', 'get', { region: 'en_FR' }, /region/],
      ['TodayArticleFeedResource', 'get', { id: ids['article'], lead_pin_id: '1; drop' }, /lead_pin_id/],
      ['TodayArticleAdminResource', 'get', { region: 'en_US', day: '2025-02-30' }, /day: That day does not exist/],
      [
        'TodayArticleAdminResource',
        'create',
        { title: 'Two sources', kind: 1, region: 'en_US', day, query: 'ocean', interest_id: ids['topic'] },
        /source: Give exactly one of pin_ids, interest_id or query/,
      ],
      ['TodayArticleAdminResource', 'create', { title: 'No source', kind: 1, region: 'en_US', day }, /source: Give exactly one/],
      ['TodayArticleAdminResource', 'create', { title: '!!!', kind: 1, region: 'en_US', day, query: 'ocean' }, /title: A title needs a letter or a digit/],
      [
        'TodayArticleAdminResource',
        'create',
        { title: 'x'.repeat(101), kind: 1, region: 'en_US', day, query: 'ocean' },
        /title: Titles can be at most 100 characters/,
      ],
      ['TodayArticleAdminResource', 'create', { title: 'Kind', kind: 4, region: 'en_US', day, query: 'ocean' }, /kind: A kind is 0, 1, 2 or 3/],
      ['TodayArticleAdminResource', 'create', { title: 'Topic', kind: 1, region: 'en_US', day, interest_id: '999' }, /interest_id: There is no such topic/],
      ['TodayArticleAdminResource', 'create', { title: 'Pins', kind: 1, region: 'en_US', day, pin_ids: [] }, /pin_ids/],
      ['TodayArticleAdminResource', 'update', { id: ids['article'], position: -1 }, /position/],
      ['InterestAdminResource', 'create', { name: '...' }, /name: A topic name needs a letter or a digit/],
    ];
    const before = await tables();
    for (const [name, verb, options, message] of mistakes) {
      const response = verb === 'get' ? await ops.getResource(name, options) : await ops.resource(name, verb, options);
      const where = `${name} ${verb} ${JSON.stringify(options).slice(0, 120)}`;
      expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBe(400);
      expect(errorOf(response), where).toMatch(message);
    }
    expect(await tables()).toBe(before);
  });
});
