import { catchUpSearch } from '../../support/settle.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Interest } from '../../../src/server/db/schema/boards-and-pins.ts';
import { savePin } from '../../../src/server/pins/saves.service.ts';
import { ensureInterest } from '../../../src/server/social/topics.ts';
import { todayArticlePath, todayOf } from '../../../src/shared/today-paths.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeProductPin, makeUser, signIn, visitorClient, type TestUser } from '../../support/factories.ts';
import { allPinIds, errorOf, read } from './helpers.ts';

type Article = {
  id: string;
  title: string;
  kind: number;
  is_shop: boolean;
  origin: string;
  url: string;
  source: string;
  query: string | null;
  interest: { id: string } | null;
  cover_pin: { id: string } | null;
};
type Today = { region: string; day: string; articles: Article[] };
type Curated = { articles: (Article & { pin_ids: string[] })[]; topics: { id: string; name: string }[] };

/*
 * The Today tab: articles made from the week's trends when no operator curated the day (per
 * region), operators' articles otherwise; an article's pins; the operators' resources, refused to
 * everyone else.
 */
describe.each(databaseKinds)('today articles on %s', (kind) => {
  let t: TestApp;
  let operator: TestUser;
  let member: TestUser;
  let ops: TestClient;
  let memberClient: TestClient;
  let visitor: TestClient;
  let coffee: Interest;
  const pins: Record<string, string> = {};
  const day = todayOf(Date.now());

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false, env: { OPERATORS: 'todayeditor, someone_else' } });
    const deps = t.deps;
    operator = await makeUser(deps, 'editor');
    await deps.db.updateTable('users').set({ username: 'todayeditor' }).where('id', '=', operator.id).execute();
    member = await makeUser(deps, 'member');
    const maker = await makeUser(deps, 'maker');
    await ensureInterest(deps.db, 'Mountains', 'mountains');
    coffee = await ensureInterest(deps.db, 'Coffee', 'coffee');
    await ensureInterest(deps.db, 'Space', 'space');
    const peaks = await makeBoard(deps, maker, { name: 'Peaks' });
    const cafe = await makeBoard(deps, maker, { name: 'Cafe' });
    const secret = await makeBoard(deps, maker, { name: 'Private', privacy: 'secret' });
    pins['mountain'] = (await makePin(deps, maker, peaks, { title: 'Mountain sunrise' })).pin.id;
    pins['mountain2'] = (await makePin(deps, maker, peaks, { title: 'Mountain pass' })).pin.id;
    pins['coffee'] = (await makePin(deps, maker, cafe, { title: 'Coffee art' })).pin.id;
    pins['coffee2'] = (await makePin(deps, maker, cafe, { title: 'Coffee beans' })).pin.id;
    pins['lemon'] = (await makePin(deps, maker, cafe, { title: 'Lemon tart slice' })).pin.id;
    pins['secret'] = (await makePin(deps, maker, secret, { title: 'Zanzibarite coffee' })).pin.id;
    pins['product'] = (await makeProductPin(deps, maker, cafe, 'Coffee grinder', { price: '24.00', availability: 'InStock', domain: 'shop.example.com' })).id;
    // This week in the US, mountains were saved most.
    for (let i = 0; i < 8; i += 1) {
      const fan = await makeUser(deps, `fan${i}`);
      const board = await makeBoard(deps, fan, { name: 'Saved' });
      await savePin(deps, fan.actor, { pinId: pins['mountain'], boardId: board.id });
      await savePin(deps, fan.actor, { pinId: pins['mountain2'], boardId: board.id });
    }
    // In Germany, coffee: enough saves there to be the region's own trend.
    for (let i = 0; i < 10; i += 1) {
      const fan = await makeUser(deps, `kaffee${i}`);
      await deps.db.updateTable('users').set({ country: 'DE' }).where('id', '=', fan.id).execute();
      const board = await makeBoard(deps, fan, { name: 'Kaffee' });
      await savePin(deps, fan.actor, { pinId: pins['coffee'], boardId: board.id });
      await savePin(deps, fan.actor, { pinId: pins['coffee2'], boardId: board.id });
    }
    await catchUpSearch(deps);
    // Three members searched for lemon tart, and three for a word only a secret pin holds.
    for (let i = 0; i < 3; i += 1) {
      const searcher = await signIn(t, await makeUser(deps, `searcher${i}`));
      for (const query of ['Lemon tart', 'zanzibarite']) expect((await searcher.getResource('BaseSearchResource', { query })).statusCode).toBe(200);
    }
    ops = await signIn(t, operator);
    memberClient = await signIn(t, member);
    visitor = await visitorClient(t);
  });
  afterAll(() => t.close());

  it('makes the day articles from the week trends when nobody curated it, once', async () => {
    const { data } = await read<Today>(visitor, 'TodayArticlesResource', { region: 'en_US' });
    expect(data).toMatchObject({ region: 'en_US', day });
    expect(data.articles.map((a) => [a.title, a.kind, a.origin])).toEqual([
      ['Mountains', 0, 'trend'],
      ['Coffee', 0, 'trend'],
      ['lemon tart', 2, 'trend'],
    ]);
    expect(data.articles[0]?.url).toBe(todayArticlePath({ id: data.articles[0]?.id ?? '', title: 'Mountains', kind: 0, is_shop: false }));
    expect(data.articles[0]?.cover_pin?.id).toMatch(/^\d+$/);
    expect(JSON.stringify(data)).not.toContain('zanzibarite');
    const again = await read<Today>(memberClient, 'TodayArticlesResource', { region: 'en_US' });
    expect(again.data.articles.map((a) => a.id)).toEqual(data.articles.map((a) => a.id));
    expect(await t.deps.db.selectFrom('today_trend_runs').selectAll().where('region', '=', 'en_US').execute()).toHaveLength(1);
  });

  it('reads each region trends in its own country when it saved enough there', async () => {
    const germany = await read<Today>(visitor, 'TodayArticlesResource', { region: 'de_DE' });
    expect(germany.data.articles[0]).toMatchObject({ title: 'Coffee', kind: 0 });
    expect(germany.data.articles.find((a) => a.kind === 2)).toBeUndefined();
  });

  it('lists an article pins: a topic article its topic pins, with the pin of its address first', async () => {
    const { data } = await read<Today>(visitor, 'TodayArticlesResource', { region: 'en_US' });
    const mountains = data.articles[0];
    const all = await allPinIds(visitor, 'TodayArticleFeedResource', { id: mountains?.id });
    expect([...all].sort()).toEqual([pins['mountain'], pins['mountain2']].sort());
    const led = await allPinIds(visitor, 'TodayArticleFeedResource', { id: mountains?.id, lead_pin_id: pins['mountain2'] });
    expect(led[0]).toBe(pins['mountain2']);
    expect(led).toHaveLength(2);
    // A lead pin the article does not hold changes nothing.
    expect(await allPinIds(visitor, 'TodayArticleFeedResource', { id: mountains?.id, lead_pin_id: pins['coffee'] })).not.toContain(pins['coffee']);
    const search = data.articles.find((a) => a.kind === 2);
    expect(await allPinIds(visitor, 'TodayArticleFeedResource', { id: search?.id })).toEqual([pins['lemon']]);
    expect((await visitor.getResource('TodayArticleResource', { id: '777' })).statusCode).toBe(404);
    expect((await read<Article>(visitor, 'TodayArticleResource', { id: mountains?.id })).data.title).toBe('Mountains');
  });

  it('lets only operators curate: visitors are asked to sign in, members refused, the screen is not there for them', async () => {
    const create = { title: 'Coffee mornings', kind: 3, region: 'en_US', day, interest_id: coffee.id };
    expect((await visitor.resource('TodayArticleAdminResource', 'create', create)).statusCode).toBe(401);
    for (const [verb, options] of [
      ['create', create],
      ['update', { id: '1', title: 'x' }],
      ['delete', { id: '1' }],
    ] as const) {
      expect((await memberClient.resource('TodayArticleAdminResource', verb, options)).statusCode, verb).toBe(403);
    }
    expect((await memberClient.getResource('TodayArticleAdminResource', { region: 'en_US', day })).statusCode).toBe(403);
    expect((await memberClient.resource('InterestAdminResource', 'create', { name: 'Gardening' })).statusCode).toBe(403);
    expect((await memberClient.getResource('OperatorScreenResource')).statusCode).toBe(404);
    expect((await visitor.getResource('OperatorScreenResource')).statusCode).toBe(404);
    expect((await ops.getResource('OperatorScreenResource')).statusCode).toBe(200);
    expect(await t.deps.db.selectFrom('today_articles').select('id').where('origin', '=', 'curated').execute()).toEqual([]);
  });

  it('shows the operators articles instead of the trends once they curate the day, in their order', async () => {
    const first = await ops.resource('TodayArticleAdminResource', 'create', {
      title: 'Morning picks!',
      kind: 1,
      region: 'en_US',
      day,
      pin_ids: [pins['coffee2'], pins['mountain']],
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await ops.resource('TodayArticleAdminResource', 'create', {
      title: 'Shop coffee',
      kind: 0,
      is_shop: true,
      region: 'en_US',
      day,
      query: 'coffee',
    });
    expect(second.statusCode, second.body).toBe(200);
    const { data } = await read<Today>(visitor, 'TodayArticlesResource', { region: 'en_US' });
    expect(data.articles.map((a) => [a.title, a.origin])).toEqual([
      ['Morning picks!', 'curated'],
      ['Shop coffee', 'curated'],
    ]);
    const [picks, shop] = data.articles;
    expect(picks?.url).toBe(`/today/best/morning-picks/${picks?.id ?? ''}/`);
    expect(shop?.url).toBe(`/today/shop/shop-coffee/${shop?.id ?? ''}/`);
    expect(await allPinIds(visitor, 'TodayArticleFeedResource', { id: picks?.id })).toEqual([pins['coffee2'], pins['mountain']]);
    expect(await allPinIds(visitor, 'TodayArticleFeedResource', { id: shop?.id })).toEqual([pins['product']]);
    // Other regions still read their trends.
    expect((await read<Today>(visitor, 'TodayArticlesResource', { region: 'en_GB' })).data.articles[0]?.origin).toBe('trend');
  });

  it('edits, moves and removes curated articles', async () => {
    const list = async () => (await read<Curated>(ops, 'TodayArticleAdminResource', { region: 'en_US', day })).data;
    const before = await list();
    expect(before.topics.map((x) => x.name)).toEqual(['Coffee', 'Mountains', 'Space']);
    const [picks, shop] = before.articles;
    expect(picks?.pin_ids).toEqual([pins['coffee2'], pins['mountain']]);
    const moved = await ops.resource('TodayArticleAdminResource', 'update', { id: shop?.id, position: 0, title: 'Coffee gear' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await list()).articles.map((a) => a.title)).toEqual(['Coffee gear', 'Morning picks!']);
    const resourced = await ops.resource('TodayArticleAdminResource', 'update', { id: picks?.id, interest_id: coffee.id });
    expect(resourced.statusCode, resourced.body).toBe(200);
    expect((await list()).articles[1]).toMatchObject({ source: 'interest', pin_ids: [] });
    expect((await ops.resource('TodayArticleAdminResource', 'delete', { id: shop?.id })).statusCode).toBe(200);
    const after = await list();
    expect(after.articles.map((a) => [a.title, a.source])).toEqual([['Morning picks!', 'interest']]);
    expect((await ops.resource('TodayArticleAdminResource', 'delete', { id: shop?.id })).statusCode).toBe(404);
    // The trend articles are no operator's to edit.
    const trend = await t.deps.db.selectFrom('today_articles').select('id').where('origin', '=', 'trend').executeTakeFirstOrThrow();
    expect((await ops.resource('TodayArticleAdminResource', 'update', { id: trend.id, title: 'x' })).statusCode).toBe(404);
  });

  it('refuses an article of pins nobody else may see, and changes nothing', async () => {
    const count = async () => (await t.deps.db.selectFrom('today_articles').select('id').execute()).length;
    const before = await count();
    const secret = await ops.resource('TodayArticleAdminResource', 'create', { title: 'Leak', kind: 3, region: 'en_US', day, pin_ids: [pins['secret']] });
    expect(secret.statusCode).toBe(400);
    expect(errorOf(secret)).toMatch(/pin_ids: Pin \d+ is not a public pin/);
    const cover = await ops.resource('TodayArticleAdminResource', 'create', {
      title: 'Leak',
      kind: 3,
      region: 'en_US',
      day,
      query: 'coffee',
      cover_pin_id: pins['secret'],
    });
    expect(errorOf(cover)).toMatch(/cover_pin_id/);
    const twice = await ops.resource('TodayArticleAdminResource', 'create', {
      title: 'Twice',
      kind: 3,
      region: 'en_US',
      day,
      pin_ids: [pins['coffee'], pins['coffee']],
    });
    expect(errorOf(twice)).toMatch(/listed twice/);
    expect(await count()).toBe(before);
  });

  it('lets operators add a topic, found by its name at once', async () => {
    const added = await ops.resource('InterestAdminResource', 'create', { name: '  Lemon Tart  ' });
    expect(added.statusCode, added.body).toBe(200);
    const topic = added.json<{ resource_response: { data: { id: string; slug: string; name: string } } }>().resource_response.data;
    expect(topic).toMatchObject({ slug: 'lemon-tart', name: 'Lemon Tart' });
    expect(await allPinIds(visitor, 'TopicFeedResource', { id: topic.id })).toEqual([pins['lemon']]);
  });
});
