import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Interest } from '../../../src/server/db/schema/boards-and-pins.ts';
import { ensureInterest } from '../../../src/server/social/topics.ts';
import { todayOf } from '../../../src/shared/today-paths.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn, visitorClient } from '../../support/factories.ts';
import { ensureClientBuild } from '../../support/server.ts';
import { makeVideoPin } from './helpers.ts';

/*
 * The discovery pages as the server renders them: status, title, canonical address and content
 * in the HTML, for visitors and search engines; 404 for what does not exist, and for the
 * operators' screen to anyone but an operator.
 */
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const jsonLdTypes = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => (JSON.parse(m[1] ?? '{}') as { '@type': string })['@type']);

describe.each(databaseKinds)('discovery pages on %s', (kind) => {
  let t: TestApp;
  let visitor: TestClient;
  let member: TestClient;
  let ops: TestClient;
  let topic: Interest;
  let articleId: string;
  const pins: Record<string, string> = {};
  const origin = () => t.deps.config.publicUrl.origin;

  beforeAll(async () => {
    ensureClientBuild();
    t = await startTestApp(kind, { worker: false, env: { OPERATORS: 'pageoperator' } });
    const maker = await makeUser(t.deps, 'maker');
    await t.deps.db.updateTable('users').set({ username: 'pageoperator' }).where('id', '=', maker.id).execute();
    topic = await ensureInterest(t.deps.db, 'Ocean', 'ocean');
    const board = await makeBoard(t.deps, maker, { name: 'Sea' });
    pins['first'] = (await makePin(t.deps, maker, board, { title: 'Ocean waves at dawn' })).pin.id;
    pins['second'] = (await makePin(t.deps, maker, board, { title: 'Calm ocean lagoon' })).pin.id;
    pins['video'] = await makeVideoPin(t.deps, maker, board, 'Ocean surf clip');
    ops = await signIn(t, maker);
    member = await signIn(t, await makeUser(t.deps, 'member'));
    visitor = await visitorClient(t);
    const made = await ops.resource('TodayArticleAdminResource', 'create', {
      title: 'Sea, sun & calm',
      kind: 1,
      region: 'en_US',
      day: todayOf(Date.now()),
      pin_ids: [pins['first'], pins['second']],
    });
    articleId = made.json<{ resource_response: { data: { id: string } } }>().resource_response.data.id;
  });
  afterAll(() => t.close());

  it('renders a topic at /topics/:interest and /ideas/:interest/:id with the ideas address as canonical', async () => {
    for (const path of ['/topics/ocean', `/ideas/ocean/${topic.id}/`, `/ideas/other-slug/${topic.id}/`]) {
      const page = await visitor.get(path);
      expect(page.statusCode, path).toBe(200);
      expect(titleOf(page.body)).toBe('Ocean ideas | Corkboard');
      expect(canonicalOf(page.body)).toBe(`${origin()}/ideas/ocean/${topic.id}/`);
      expect(page.body).toContain(pins['first']);
      expect(jsonLdTypes(page.body)).toEqual(['BreadcrumbList']);
    }
  });

  it('answers 404 for a topic, a category or an article that does not exist', async () => {
    for (const path of [
      '/topics/no-such-topic',
      '/ideas/ocean/123/',
      '/ideas/ocean/abc/',
      '/videos/ocean/999/',
      '/shopping/x/abc/',
      '/today/best/x/123/',
      '/today/old/x/456/',
    ]) {
      expect((await visitor.get(path)).statusCode, path).toBe(404);
    }
  });

  it('renders the ideas index, the videos and shopping pages and their categories', async () => {
    const ideas = await visitor.get('/ideas/');
    expect(ideas.statusCode).toBe(200);
    expect(titleOf(ideas.body)).toBe('Explore ideas | Corkboard');
    expect(ideas.body).toContain(`/ideas/ocean/${topic.id}/`);
    const videos = await visitor.get('/videos/');
    expect(videos.statusCode).toBe(200);
    expect(videos.body).toContain(pins['video']);
    expect(videos.body).toContain(`/videos/ocean/${topic.id}/`);
    const category = await visitor.get(`/videos/ocean/${topic.id}/`);
    expect(category.statusCode).toBe(200);
    expect(titleOf(category.body)).toBe('Ocean videos | Corkboard');
    expect(canonicalOf(category.body)).toBe(`${origin()}/videos/ocean/${topic.id}/`);
    const shopping = await visitor.get('/shopping/');
    expect(shopping.statusCode).toBe(200);
    expect(titleOf(shopping.body)).toBe('Shopping | Corkboard');
  });

  it('renders today and its articles at the path rule address, the old one and with a lead pin', async () => {
    const today = await visitor.get('/today/');
    expect(today.statusCode).toBe(200);
    expect(today.body).toContain('Sea, sun &amp; calm');
    const path = `/today/best/sea-sun-calm/${articleId}/`;
    expect(today.body).toContain(path);
    for (const address of [path, `/today/ideas/sea-sun-calm/${articleId}/`, `/today/best/anything--${pins['second'] ?? ''}/${articleId}/`]) {
      const page = await visitor.get(address);
      expect(page.statusCode, address).toBe(200);
      expect(titleOf(page.body)).toBe('Sea, sun &amp; calm | Corkboard');
      expect(canonicalOf(page.body)).toBe(origin() + path);
      expect(page.body).toContain(pins['first']);
    }
    const led = (await visitor.get(`/today/best/anything--${pins['second'] ?? ''}/${articleId}/`)).body;
    // The grid's tiles come in the feed's order: the pin the address names first.
    const tile = (id: string | undefined) => led.indexOf(`href="/pin/${id ?? ''}/"`);
    expect(tile(pins['second'])).toBeGreaterThan(-1);
    expect(tile(pins['second'])).toBeLessThan(tile(pins['first']));
  });

  it('shows the operators screen to operators only; for everyone else it does not exist', async () => {
    const screen = await ops.get('/admin/today');
    expect(screen.statusCode).toBe(200);
    expect(screen.body).toContain('Sea, sun &amp; calm');
    expect(screen.body).toContain('noindex');
    expect((await member.get('/admin/today')).statusCode).toBe(404);
    expect((await visitor.get('/admin/today')).statusCode).toBe(404);
  });
});
