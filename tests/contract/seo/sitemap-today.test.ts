import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateBoard } from '../../../src/server/boards/boards.service.ts';
import { ArticleFields } from '../../../src/shared/contracts/discovery.ts';
import { createArticle } from '../../../src/server/discovery/today-admin.service.ts';
import { DISCOVERY_HUBS } from '../../../src/server/seo/sitemap.service.ts';
import { ensureInterest } from '../../../src/server/social/topics.ts';
import { todayArticlePath, todayOf } from '../../../src/shared/today-paths.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { counterDrift, makeBoard, makePin, makeUser, visitorClient, type TestUser } from '../../support/factories.ts';

const DAY_MS = 86_400_000;

/*
 * Today articles and the discovery hubs in the sitemaps: an article at its path-rule address once
 * its day has come, never one whose pins a visitor may no longer see; nothing secret in any file.
 */
describe.each(databaseKinds)('Today articles and hubs in the sitemaps on %s', (kind) => {
  let t: TestApp;
  let operator: TestUser;
  const origin = () => t.deps.config.publicUrl.origin;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const today = todayOf(Date.now());

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false, env: { OPERATORS: 'mapeditor' } });
    operator = await makeUser(t.deps, 'editor');
    await t.deps.db.updateTable('users').set({ username: 'mapeditor' }).where('id', '=', operator.id).execute();
  });
  afterAll(async () => {
    expect(await counterDrift(t.deps)).toEqual([]);
    await t.close();
  });

  const curate = (fields: Record<string, unknown>) =>
    createArticle(t.deps, operator.actor, ArticleFields.parse({ region: 'en_US', day: today, kind: 3, ...fields }));

  /** Every URL of every sitemap file the index names. */
  async function allSitemapUrls(): Promise<string> {
    const index = (await get('/sitemap.xml')).body;
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
    const bodies = await Promise.all(files.map(async (file) => (await get(file)).body));
    return bodies.join('\n');
  }

  it('lists an article an operator curated at its exact path, and the hubs without a made-up date', async () => {
    const maker = await makeUser(t.deps, 'maker');
    const board = await makeBoard(t.deps, maker, { name: 'Breakfasts' });
    const { pin } = await makePin(t.deps, maker, board, { title: 'Pancakes' });
    const article = await curate({ title: 'Café mornings: 10 picks!', kind: 1, pin_ids: [pin.id] });
    const shop = await curate({ title: 'Shop the kitchen', is_shop: true, query: 'pancakes' });
    const path = todayArticlePath({ id: article.id, title: 'Café mornings: 10 picks!', kind: 1, is_shop: false });
    expect(path).toBe(`/today/best/caf%C3%A9-mornings-10-picks/${article.id}/`);

    const index = await get('/sitemap.xml');
    for (const file of ['today-1', 'hubs-1']) expect(index.body).toContain(`<loc>${origin()}/sitemaps/${file}.xml</loc>`);
    const articles = await get('/sitemaps/today-1.xml');
    expect(articles.statusCode).toBe(200);
    expect(articles.body).toContain(`<url><loc>${origin()}${path}</loc><lastmod>${new Date(await updatedAt(article.id)).toISOString()}</lastmod></url>`);
    expect(articles.body).toContain(`<loc>${origin()}/today/shop/shop-the-kitchen/${shop.id}/</loc>`);

    const hubs = (await get('/sitemaps/hubs-1.xml')).body;
    for (const hub of DISCOVERY_HUBS) expect(hubs).toContain(`<url><loc>${origin()}${hub}</loc></url>`);
    expect((await get('/sitemaps/hubs-2.xml')).statusCode).toBe(404);
  });

  it('lists the articles made from trends once a reader made them', async () => {
    await ensureInterest(t.deps.db, 'Pancakes', 'pancakes');
    const visitor = await visitorClient(t);
    const read = await visitor.getResource('TodayArticlesResource', { region: 'de_DE' });
    expect(read.statusCode).toBe(200);
    const trends = await t.deps.db.selectFrom('today_articles').selectAll().where('origin', '=', 'trend').execute();
    expect(trends.map((a) => a.title)).toContain('Pancakes');
    const body = (await get('/sitemaps/today-1.xml')).body;
    for (const a of trends) expect(body).toContain(`<loc>${origin()}${todayArticlePath({ ...a, is_shop: a.is_shop === 1 })}</loc>`);
  });

  it('never lists an article of a day still to come, of pins made secret since, or anything secret', async () => {
    const maker = await makeUser(t.deps, 'hider');
    const board = await makeBoard(t.deps, maker, { name: 'Soon private' });
    const secretBoard = await makeBoard(t.deps, maker, { name: 'Diary', privacy: 'secret' });
    const { pin } = await makePin(t.deps, maker, board, { title: 'Waffles' });
    const secretPin = (await makePin(t.deps, maker, secretBoard, { title: 'Letters' })).pin;
    const hidden = await curate({ title: 'Waffle week', pin_ids: [pin.id] });
    const tomorrow = await curate({ title: 'Next day', day: todayOf(Date.now() + DAY_MS), query: 'waffles' });
    expect((await get('/sitemaps/today-1.xml')).body).toContain(`/${hidden.id}/`);

    await updateBoard(t.deps, maker.actor, board.id, { privacy: 'secret' });
    const everything = await allSitemapUrls();
    expect(everything).toContain('/today/');
    expect(everything).not.toContain(`/${hidden.id}/`);
    expect(everything).not.toContain(`/${tomorrow.id}/`);
    for (const secret of [`/pin/${pin.id}/`, `/pin/${secretPin.id}/`, `/${maker.username}/${board.slug}/`, `/${maker.username}/${secretBoard.slug}/`])
      expect(everything).not.toContain(secret);
    expect(everything).toContain(`/${maker.username}/`);
    expect((await get('/sitemaps/today-2.xml')).statusCode).toBe(404);
  });

  async function updatedAt(id: string): Promise<number> {
    const row = await t.deps.db.selectFrom('today_articles').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow();
    return row.updated_at;
  }
});
