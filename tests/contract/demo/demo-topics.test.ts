import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlan, type DemoCounts } from '../../../src/server/demo/plan.ts';
import { generateDemoWorld } from '../../../src/server/demo/run.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { visitorClient } from '../../support/factories.ts';
import { read } from '../discovery/helpers.ts';

const COUNTS: DemoCounts = { members: 6, boards: 10, pins: 40, videos: 1, saves: 80, stories: 2 };
/** A small world whose public boards include the two-word topics that once had no pins ("Interior design", "Geometric art"). */
const SEED = 'topics-12';
const LONG = 180_000;

type Topic = { id: string; name: string; slug: string };
type Idea = Topic & { cover_pin: { id: string } | null };
type Article = { interest: Topic | null };

/*
 * Every topic the demo world lists anywhere (the ideas hub, the topic links of Today articles and
 * of the videos and shopping categories, the related interests of its pins, the sitemap) has pins
 * a visitor sees on its page.
 */
describe.each(databaseKinds)('the demo world topics on %s', (kind) => {
  let t: TestApp;
  let visitor: TestClient;
  const plan = buildPlan(SEED, COUNTS);

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    await generateDemoWorld(t.deps, { seed: SEED, counts: COUNTS });
    visitor = await visitorClient(t);
  }, LONG);
  afterAll(() => t.close());

  /** Every topic of the ideas hub, page after page. */
  async function ideas(): Promise<Idea[]> {
    const all: Idea[] = [];
    let bookmark: string | null = null;
    for (let page = 0; page < 20 && bookmark !== '-end-'; page += 1) {
      const result: { data: Idea[]; bookmark: string | null } = await read<Idea[]>(visitor, 'IdeasResource', bookmark ? { bookmark } : {});
      all.push(...result.data);
      bookmark = result.bookmark;
    }
    return all;
  }

  /** The topics other pages link to: Today articles, categories, every pin's related interests, the sitemap. */
  async function linkedTopicIds(): Promise<Set<string>> {
    const linked = new Set<string>();
    const today = await read<{ articles: Article[] }>(visitor, 'TodayArticlesResource', { region: 'en_US' });
    for (const article of today.data.articles) if (article.interest) linked.add(article.interest.id);
    for (const section of ['videos', 'shopping']) {
      for (const topic of (await read<Topic[]>(visitor, 'DiscoveryCategoriesResource', { section })).data) linked.add(topic.id);
    }
    const pins = await t.deps.db.selectFrom('pins').select('id').where('deleted_at', 'is', null).execute();
    for (const pin of pins) {
      const related = await visitor.getResource('PinInterestsResource', { pin_id: pin.id });
      // A pin only a secret board holds is not found by a visitor; it links no topic.
      if (related.statusCode === 404) continue;
      expect(related.statusCode).toBe(200);
      for (const topic of related.json<{ resource_response: { data: Topic[] } }>().resource_response.data) linked.add(topic.id);
    }
    const sitemap = (await t.app.inject({ method: 'GET', url: '/sitemaps/topics-1.xml' })).body;
    for (const match of sitemap.matchAll(/\/ideas\/[^/]+\/(\d+)\/<\/loc>/g)) linked.add(match[1] ?? '');
    return linked;
  }

  it(
    'lists the two-word topics with pins, each topic of the ideas hub with a cover',
    async () => {
      expect(plan.topics).toEqual(expect.arrayContaining(['interiors', 'geometric-art']));
      const hub = await ideas();
      expect(hub.map((topic) => topic.slug).sort()).toEqual([...plan.topics].sort());
      expect(hub.filter((topic) => topic.cover_pin === null).map((topic) => topic.name)).toEqual([]);
      // The pages themselves, as a visitor loads them, show the topic's pins.
      for (const slug of ['interiors', 'geometric-art']) {
        const page = await visitor.get(`/topics/${slug}/`);
        expect(page.statusCode).toBe(200);
        expect(page.body, slug).toMatch(/href="\/pin\/\d+\/"/);
      }
    },
    LONG,
  );

  it(
    'every topic listed anywhere has at least one pin a visitor sees on its page',
    async () => {
      const hub = await ideas();
      const linked = await linkedTopicIds();
      const names = new Map(hub.map((topic) => [topic.id, topic.name]));
      // Links only ever name topics of the hub, and the hub names every topic.
      expect([...linked].filter((id) => !names.has(id))).toEqual([]);
      expect(linked.size).toBeGreaterThan(0);
      const empty: string[] = [];
      for (const topic of hub) {
        const feed = await read<{ id: string }[]>(visitor, 'TopicFeedResource', { id: topic.id });
        if (feed.data.length === 0) empty.push(topic.name);
      }
      expect(empty).toEqual([]);
    },
    LONG,
  );
});
