import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../src/server/db/schema/boards-and-pins.ts';
import type { Deps } from '../../src/server/deps.ts';
import { ingestImage } from '../../src/server/media/media.service.ts';
import { createPin } from '../../src/server/pins/pins.service.ts';
import { savePin } from '../../src/server/pins/saves.service.ts';
import { reindexWaitingPins } from '../../src/server/search/stale-pins.ts';
import { ensureInterest } from '../../src/server/social/topics.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { chromiumAvailable, screenshot } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { makeBoard, makeUser, type TestUser } from '../support/factories.ts';
import { openMemberPage } from '../support/members.ts';

const COLOURS = ['#1f6f8b', '#99a8b2', '#e6d5b8', '#2a9d8f', '#264653', '#e9c46a', '#f4a261', '#e76f51'];

async function pinWithImage(deps: Deps, user: TestUser, board: Board, index: number, title: string): Promise<string> {
  const png = await sharp({ create: { width: 400, height: 420 + (index % 4) * 100, channels: 3, background: COLOURS[index % COLOURS.length] ?? '#888888' } })
    .png()
    .toBuffer();
  const media = await ingestImage(deps, user.actor, png, { inline: true });
  return (await createPin(deps, user.actor, { board_id: board.id, media_id: media.id, title })).pin.id;
}

/** The journey of issue 4's discovery pages: Today, an article, its topic, a follow; an operator curates the day. */
describe.skipIf(!chromiumAvailable())('discovery in a browser', () => {
  const suite = browserSuite();
  const deps = () => suite.server.server.deps;
  const member = (user: TestUser, path: string) => openMemberPage({ browser: suite.browser, url: suite.url, deps }, user.id, path);
  let reader: TestUser;
  let operator: TestUser;

  beforeAll(async () => {
    const maker = await makeUser(deps(), 'Marina');
    reader = await makeUser(deps(), 'Reader');
    operator = await makeUser(deps(), 'Editor');
    // The server was started without operators; this test names one the way OPERATORS would.
    deps().config.operators.add(operator.username);
    await ensureInterest(deps().db, 'Ocean', 'ocean');
    await ensureInterest(deps().db, 'Mountains', 'mountains');
    const sea = await makeBoard(deps(), maker, { name: 'Ocean days' });
    const peaks = await makeBoard(deps(), maker, { name: 'Mountain trails' });
    const oceanPins: string[] = [];
    for (let i = 0; i < 8; i++)
      oceanPins.push(await pinWithImage(deps(), maker, sea, i, ['Turquoise lagoon', 'Wild waves', 'Calm shoreline', 'Sunlit tide'][i % 4] ?? 'Sea'));
    for (let i = 0; i < 4; i++) await pinWithImage(deps(), maker, peaks, i + 3, ['Misty ridgeline', 'Snowy summit'][i % 2] ?? 'Peak');
    // This week the ocean was saved most: it leads Today.
    for (let i = 0; i < 3; i++) {
      const fan = await makeUser(deps(), `fan${i}`);
      const board = await makeBoard(deps(), fan, { name: 'Summer' });
      for (const pinId of oceanPins.slice(0, 3)) await savePin(deps(), fan.actor, { pinId, boardId: board.id });
    }
    await reindexWaitingPins(deps().db);
    const { context } = await suite.visit('/');
    await context.close();
  }, 180_000);

  it('opens Today, an article and its topic, and follows the topic', async () => {
    const { page, problems, close } = await member(reader, '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Today' }).click();
    await page.waitForURL(`${suite.url}/today/`);
    const cards = page.getByRole('list', { name: "Today's articles" });
    await cards.getByRole('link', { name: /Trending\s*Ocean/ }).waitFor();
    expect(await cards.getByRole('link').count()).toBe(2);
    await page.waitForFunction(() => [...document.querySelectorAll('img')].every((img) => img.complete));
    await screenshot(page, 'discovery-today');
    expect(await accessibilityViolations(page)).toEqual([]);

    await cards.getByRole('link', { name: /Trending\s*Ocean/ }).click();
    await page.waitForURL(/\/today\/trending\/ocean\/\d+\/$/);
    await page.getByRole('heading', { name: 'Ocean', level: 1 }).waitFor();
    await page.locator('[data-grid-index="7"]').waitFor();
    expect(await page.locator('[data-grid-index]').count()).toBe(8);
    await page.waitForFunction(() => document.title === 'Ocean | Corkboard');
    await screenshot(page, 'discovery-article');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'More about Ocean' }).click();
    await page.waitForURL(/\/ideas\/ocean\/\d+\/$/);
    await page.getByRole('heading', { name: 'Ocean', level: 1 }).waitFor();
    await page.getByText('Followers: 0').waitFor();
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByRole('button', { name: 'Following' }).waitFor();
    await page.getByText('Followers: 1').waitFor();
    await screenshot(page, 'discovery-topic-followed');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The follow was stored: a fresh load of the topic's other address shows it.
    await page.goto(`${suite.url}/topics/ocean`);
    await page.waitForSelector(HYDRATED);
    await page.getByRole('button', { name: 'Following' }).waitFor();
    expect(problems.messages).toEqual([]);
    await close();
  });

  it('lets a visitor browse ideas and videos, and asks them to log in to follow', async () => {
    const { context, page, problems } = await suite.visit('/ideas/', undefined, { bypassCSP: true });
    const topics = page.getByRole('list', { name: 'Topics' });
    await topics.getByRole('link', { name: /Ocean/ }).waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('img')].every((img) => img.complete));
    await screenshot(page, 'discovery-ideas');
    expect(await accessibilityViolations(page)).toEqual([]);
    await topics.getByRole('link', { name: /Mountains/ }).click();
    await page.getByRole('heading', { name: 'Mountains', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Follow', exact: true }).getAttribute('href')).toMatch(/^\/login/);
    await page.goto(`${suite.url}/ideas/`);
    await page.waitForSelector(HYDRATED);
    await page.getByRole('navigation', { name: 'Explore', exact: true }).getByRole('link', { name: 'Videos' }).click();
    await page.waitForURL(`${suite.url}/videos/`);
    await page.getByRole('heading', { name: 'Videos', level: 1 }).waitFor();
    // This world has no video pins yet: the page says so rather than showing an empty grid.
    await page.getByText('No videos here yet.').waitFor();
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('lets an operator add an article, which then replaces the trends on Today', async () => {
    const { page, problems, close } = await member(operator, '/admin/today');
    await page.getByRole('heading', { name: 'Curate Today', level: 1 }).waitFor();
    await page.getByText('No articles curated for this day').waitFor();
    const form = page.getByRole('form', { name: 'New article' });
    await form.getByLabel('Title').fill('Sea breeze picks');
    await form.getByLabel('Kind').selectOption({ label: 'Best of' });
    await form.getByLabel('Topic', { exact: true }).selectOption({ label: 'Ocean' });
    await form.getByRole('button', { name: 'Add article' }).click();
    const list = page.getByRole('list', { name: 'Articles of the day' });
    await list.getByRole('link', { name: 'Sea breeze picks' }).waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('img')].every((img) => img.complete));
    await screenshot(page, 'discovery-admin');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Today' }).click();
    await page.waitForURL(`${suite.url}/today/`);
    const cards = page.getByRole('list', { name: "Today's articles" });
    await cards.getByRole('link', { name: /Best of\s*Sea breeze picks/ }).waitFor();
    expect(await cards.getByRole('link').count()).toBe(1);
    await screenshot(page, 'discovery-today-curated');
    await cards.getByRole('link').click();
    await page.waitForURL(/\/today\/best\/sea-breeze-picks\/\d+\/$/);
    await page.locator('[data-grid-index="0"]').waitFor();
    expect(problems.messages).toEqual([]);
    await close();
  });
});
