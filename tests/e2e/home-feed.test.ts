import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../src/server/db/schema/boards-and-pins.ts';
import type { Deps } from '../../src/server/deps.ts';
import { ingestImage } from '../../src/server/media/media.service.ts';
import { createPin } from '../../src/server/pins/pins.service.ts';
import { savePin } from '../../src/server/pins/saves.service.ts';
import { followBoard, followUser, setInterestFollowed } from '../../src/server/social/follows.service.ts';
import { createExperiment } from '../../src/server/experiments/experiments.service.ts';
import { setCookieConsent } from '../../src/server/users/cookie-consent.service.ts';
import { ensureInterest } from '../../src/server/social/topics.ts';
import { accessibilityViolations, watchLayoutShifts } from '../support/axe.ts';
import { chromiumAvailable, openPage, screenshot, VIEWPORTS } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { makeBoard, makeUser, type TestUser } from '../support/factories.ts';
import { openMemberPage, signInPage } from '../support/members.ts';
import { freshRecommender } from '../contract/recs/world.ts';

/** Five shapes of picture, so the masonry is a masonry; every picture has a colour of its own (the feed keeps one pin per picture). */
const SHAPES = [
  [400, 600],
  [400, 400],
  [400, 520],
  [400, 300],
  [400, 700],
] as const;
let pictures = 0;

async function pictureOf(): Promise<Buffer> {
  pictures += 1;
  const [width, height] = SHAPES[pictures % SHAPES.length] ?? [400, 400];
  const colour = `#${((pictures * 2_654_435_761) % 0xffffff).toString(16).padStart(6, '0')}`;
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function pinsOn(deps: Deps, user: TestUser, board: Board, title: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) {
    const media = await ingestImage(deps, user.actor, await pictureOf(), { inline: true });
    ids.push((await createPin(deps, user.actor, { board_id: board.id, section_id: null, media_id: media.id, title: `${title} ${i}` })).pin.id);
  }
  return ids;
}

/**
 * A reader who follows a person, a board and a topic and has saved two loaves, on a site with
 * plenty of other public pins: more than three pages of home feed.
 */
async function makeReaderWorld(deps: Deps): Promise<TestUser> {
  const [reader, ada, grace, baker, author, crowd] = await Promise.all(
    ['Reader', 'Ada', 'Grace', 'Baker', 'Author', 'Crowd'].map((name) => makeUser(deps, name)),
  );
  if (!reader || !ada || !grace || !baker || !author || !crowd) throw new Error('Expected six users');
  await pinsOn(deps, ada, await makeBoard(deps, ada, { name: 'Weekend projects' }), 'Birdhouse', 8);
  const kitchen = await makeBoard(deps, grace, { name: 'Kitchen ideas' });
  await pinsOn(deps, grace, kitchen, 'Open shelving', 8);
  const topic = await ensureInterest(deps.db, 'Sourdough', 'sourdough');
  await pinsOn(deps, author, await makeBoard(deps, author, { name: 'Baking' }), 'Sourdough starter', 6);
  const loaves = await pinsOn(deps, baker, await makeBoard(deps, baker, { name: 'Bread' }), 'Loaf', 10);
  await pinsOn(deps, crowd, await makeBoard(deps, crowd, { name: 'Everything' }), 'Idea', 70);

  const mine = await makeBoard(deps, reader, { name: 'Bakes to try' });
  for (const pinId of loaves.slice(0, 2)) await savePin(deps, reader.actor, { pinId, boardId: mine.id });
  await followUser(deps, reader.actor, ada.id);
  await followBoard(deps, reader.actor, kitchen.id);
  await setInterestFollowed(deps, reader.actor, topic.id, true);
  // Walks from the reader's saves are personalization: the reader has allowed it.
  await setCookieConsent(deps, reader.actor, { consent: 'allow_all' });
  return reader;
}

type Reason = { reason: string; user?: { full_name: string }; board?: { name: string }; interest?: { name: string }; pin?: { title: string } };
type FeedPin = { id: string; title: string; pinner: { full_name: string }; recommendation_reason: Reason };

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The words a reason shows under its tile. */
function reasonText(r: Reason): string {
  if (r.reason === 'followed_user') return `From ${r.user?.full_name ?? ''}`;
  if (r.reason === 'followed_board') return `Because you follow ${r.board?.name ?? ''}`;
  if (r.reason === 'followed_interest') return `Picked for you from ${r.interest?.name ?? ''}`;
  if (r.reason === 'saved_pin') return r.pin?.title ? `Because you saved ${r.pin.title}` : 'Because of a Pin you saved';
  return 'Popular on Corkboard';
}

/** The first page the server rendered the home page with, from the page's initial state. */
async function serverPage(page: Page): Promise<FeedPin[]> {
  return page.evaluate(() => {
    const state = JSON.parse(document.getElementById('cb-state')?.textContent ?? '{}') as { resources: Record<string, { cached: { data?: unknown } }> };
    const entry = Object.entries(state.resources).find(([key]) => key.startsWith('UserHomefeedResource:'));
    return (entry?.[1].cached.data ?? []) as FeedPin[];
  });
}

/** Every UserHomefeedResource page the browser asks for, with whether it was a next page. */
function watchFeedCalls(page: Page): { pages: { bookmark: boolean; pins: FeedPin[] }[] } {
  const seen: { pages: { bookmark: boolean; pins: FeedPin[] }[] } = { pages: [] };
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/resource/UserHomefeedResource/get/')) return;
    const options = (JSON.parse(url.searchParams.get('data') ?? '{}') as { options?: { bookmark?: string } }).options ?? {};
    void response.json().then((body: { resource_response: { data: FeedPin[] } }) => {
      seen.pages.push({ bookmark: typeof options.bookmark === 'string', pins: body.resource_response.data });
    });
  });
  return seen;
}

const GRID = '[role="list"][aria-label="Home feed"]';

/** The tiles in the document: their place in the feed (aria-posinset) and pin id. */
async function tilesInDocument(page: Page): Promise<{ at: number; id: string; top: number; bottom: number }[]> {
  return page.locator(`${GRID} [role="listitem"]`).evaluateAll((items) =>
    items.map((item) => {
      const box = item.getBoundingClientRect();
      const href = item.querySelector('a[data-grid-focus]')?.getAttribute('href') ?? '';
      return { at: Number(item.getAttribute('aria-posinset')), id: /\/pin\/(\d+)\//.exec(href)?.[1] ?? '', top: box.top, bottom: box.bottom };
    }),
  );
}

const inView = (tiles: { id: string; top: number; bottom: number }[], height: number) =>
  tiles
    .filter((t) => t.bottom > 0 && t.top < height)
    .map((t) => t.id)
    .sort();

describe.skipIf(!chromiumAvailable())('the home feed in a browser', () => {
  const suite = browserSuite();
  let reader: TestUser;
  const deps = () => suite.server.server.deps;

  beforeAll(async () => {
    reader = await makeReaderWorld(deps());
    await freshRecommender(deps());
  }, 180_000);

  it('scrolls through three pages with their reasons, opens a pin and comes back to the same pins at the same place', async () => {
    const { page, problems, close } = await openMemberPage({ browser: suite.browser, url: suite.url, deps }, reader.id, '/');
    const calls = watchFeedCalls(page);
    const first = await serverPage(page);
    expect(first).toHaveLength(25);
    // Server-rendered with its first page: the tiles and their reasons are in the HTML.
    const html = await (await page.context().request.get(`${suite.url}/`)).text();
    const text = html.replace(/<[^>]+>/g, '');
    for (const pin of first.slice(0, 3)) {
      expect(html).toContain(`href="/pin/${pin.id}/"`);
      expect(text).toContain(reasonText(pin.recommendation_reason));
    }
    await page.locator(`${GRID} [role="listitem"]`).first().waitFor();
    // The tiles at the top say why they are there, in the words of their reason.
    for (const pin of first.slice(0, 4)) {
      await expect
        .poll(() => page.locator(`${GRID} [role="listitem"]:has(a[href="/pin/${pin.id}/"])`).innerText())
        .toContain(reasonText(pin.recommendation_reason));
    }
    await screenshot(page, 'home-feed-desktop');

    // Endless: the end of the grid asks for the next page, twice.
    const seen = new Map<number, string>();
    for (let step = 0; step < 60 && calls.pages.filter((p) => p.bookmark).length < 2; step++) {
      for (const tile of await tilesInDocument(page)) seen.set(tile.at, tile.id);
      await page.mouse.wheel(0, 1600);
      await page.waitForTimeout(150);
    }
    await expect.poll(() => calls.pages.filter((p) => p.bookmark).length).toBeGreaterThanOrEqual(2);
    await page.waitForTimeout(300);
    const loaded = [...first, ...calls.pages.flatMap((p) => p.pins)].map((p) => p.id);
    // Three pages at least (a fast reader may have asked for a fourth), each pin once.
    expect(loaded.length).toBeGreaterThanOrEqual(75);
    expect(loaded.length % 25).toBe(0);
    expect(new Set(loaded).size).toBe(loaded.length);
    expect(calls.pages.every((p) => p.bookmark)).toBe(true);
    for (const tile of await tilesInDocument(page)) seen.set(tile.at, tile.id);
    // What the grid showed, place by place, is the feed: more than 50 distinct pins, none twice.
    const shown = [...seen.values()];
    expect(shown.length).toBeGreaterThan(50);
    expect(new Set(shown).size).toBe(shown.length);
    for (const [at, id] of seen) expect(loaded[at - 1]).toBe(id);

    // Somewhere in the middle of what was loaded, open a pin in view.
    await page.evaluate(() => {
      window.scrollTo(0, Math.round(document.documentElement.scrollHeight * 0.45));
    });
    await page.waitForTimeout(300);
    const height = VIEWPORTS.desktop.height;
    const before = { y: await page.evaluate(() => window.scrollY), tiles: inView(await tilesInDocument(page), height) };
    expect(before.y).toBeGreaterThan(2000);
    await screenshot(page, 'home-feed-scrolled');
    const chosen = (await tilesInDocument(page)).find((t) => t.top > 80 && t.bottom < height - 40);
    if (!chosen) throw new Error('no tile fully in view');
    const chosenTitle = [...first, ...calls.pages.flatMap((p) => p.pins)].find((p) => p.id === chosen.id)?.title ?? '';
    const callsBefore = calls.pages.length;
    await page.evaluate(() => {
      (window as unknown as { journeyMark: string }).journeyMark = 'same document';
    });
    await page.locator(`${GRID} a[data-grid-focus][href="/pin/${chosen.id}/"]`).click();
    await page.waitForURL(`${suite.url}/pin/${chosen.id}/`, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: chosenTitle }).waitFor();

    // Back within the window: the same feed (no new first page), the same pins in view, the same place.
    await page.goBack();
    await page.waitForURL(`${suite.url}/`, { waitUntil: 'commit' });
    await page.locator(GRID).waitFor();
    await page.waitForTimeout(300);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before.y)).toBeLessThanOrEqual(3);
    expect(inView(await tilesInDocument(page), height)).toEqual(before.tiles);
    expect(calls.pages.slice(callsBefore).filter((p) => !p.bookmark)).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { journeyMark?: string }).journeyMark)).toBe('same document');
    await screenshot(page, 'home-feed-back');
    expect(problems.messages).toEqual([]);
    await close();
  });

  it('after the window, coming back refreshes the feed and starts at the top', async () => {
    const { page, problems, close } = await openMemberPage({ browser: suite.browser, url: suite.url, deps }, reader.id, '/');
    const calls = watchFeedCalls(page);
    expect(await serverPage(page)).toHaveLength(25);
    await page.locator(`${GRID} [role="listitem"]`).first().waitFor();
    await page.evaluate(() => {
      window.scrollTo(0, 1500);
    });
    await page.waitForTimeout(200);
    const chosen = (await tilesInDocument(page)).find((t) => t.top > 80 && t.bottom < VIEWPORTS.desktop.height - 40);
    if (!chosen) throw new Error('no tile fully in view');
    await page.locator(`${GRID} a[data-grid-focus][href="/pin/${chosen.id}/"]`).click();
    await page.waitForURL(`${suite.url}/pin/${chosen.id}/`, { waitUntil: 'commit' });
    // Three minutes away from the home page, by the page's clock.
    await page.evaluate(() => {
      const real = Date.now.bind(Date);
      Date.now = () => real() + 3 * 60_000;
    });
    await page.goBack();
    await page.waitForURL(`${suite.url}/`, { waitUntil: 'commit' });
    await expect.poll(() => calls.pages.filter((p) => !p.bookmark).length).toBe(1);
    await page.locator(`${GRID} [role="listitem"]`).first().waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const fresh = calls.pages.find((p) => !p.bookmark)?.pins.map((p) => p.id) ?? [];
    expect(fresh).toHaveLength(25);
    // The grid holds the new first page only: what was loaded before is replaced, not added to.
    const tiles = await tilesInDocument(page);
    expect(Math.max(...tiles.map((t) => t.at))).toBeLessThanOrEqual(25);
    for (const tile of tiles) expect(fresh[tile.at - 1]).toBe(tile.id);
    expect(problems.messages).toEqual([]);
    await close();
  });

  it('comes with its code when the member arrives from another page', async () => {
    const { page, problems, close } = await openMemberPage({ browser: suite.browser, url: suite.url, deps }, reader.id, `/${reader.username}/`);
    const calls = watchFeedCalls(page);
    await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL(`${suite.url}/`, { waitUntil: 'commit' });
    const tile = page.locator(`${GRID} [role="listitem"]`).first();
    await tile.waitFor();
    await expect.poll(() => calls.pages.length).toBe(1);
    const pin = calls.pages[0]?.pins[0];
    if (!pin) throw new Error('no first pin');
    expect(await tile.innerText()).toContain(reasonText(pin.recommendation_reason));
    expect(problems.messages).toEqual([]);
    await close();
  });

  it('lays the feed out in two columns on a phone, each tile with its creator and its reason', async () => {
    // A phone's browser: the server picks the tile variant with the creator row by the device.
    const context = await suite.browser.newContext({
      viewport: VIEWPORTS.phone,
      locale: 'en-US',
      bypassCSP: true,
      userAgent: IPHONE,
      isMobile: true,
      hasTouch: true,
    });
    const { page, problems } = await openPage(context);
    const layoutShifts = await watchLayoutShifts(page);
    await page.goto(`${suite.url}/`);
    await page.waitForSelector(HYDRATED);
    // Signing in reloads the page: the member's home, server-rendered with its feed.
    await signInPage(page, deps(), reader.id);
    await page.waitForLoadState('networkidle');
    expect(await layoutShifts()).toEqual([]);
    const first = await serverPage(page);
    const tiles = page.locator(`${GRID} [role="listitem"]`);
    await tiles.nth(3).waitFor();
    const lefts = await tiles.evaluateAll((items) => [...new Set(items.map((item) => Math.round(item.getBoundingClientRect().left)))]);
    expect(lefts).toHaveLength(2);
    const pin = first[0];
    if (!pin) throw new Error('no first pin');
    const tile = page.locator(`${GRID} [role="listitem"]:has(a[href="/pin/${pin.id}/"])`);
    expect(await tile.innerText()).toContain(reasonText(pin.recommendation_reason));
    expect(await tile.innerText()).toContain(pin.pinner.full_name);
    // The text under the picture fits the height the layout gave the tile: the next one in its column starts below it.
    const overlaps = await tiles.evaluateAll((items) => {
      const boxes = items.map((item) => ({
        left: Math.round(item.getBoundingClientRect().left),
        top: item.getBoundingClientRect().top,
        bottom: item.lastElementChild?.lastElementChild?.getBoundingClientRect().bottom ?? 0,
      }));
      return boxes.filter((a) => boxes.some((b) => b !== a && b.left === a.left && b.top > a.top && b.top < a.bottom)).length;
    });
    expect(overlaps).toBe(0);
    await screenshot(page, 'home-feed-phone');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  // Last in this block: from here on the reader is in the experiment.
  it('leaves the reasons off the tiles for a member offered experience 500417 (spec section 9)', async () => {
    const operator = await makeUser(deps(), 'Footer Lab');
    deps().config.operators.add(operator.username);
    await createExperiment(deps(), operator.actor, { name: 'web_pin_footer_hidden', groups: [{ name: 'enabled', weight: 1 }], holdout_percent: 0 });
    const { page, problems, close } = await openMemberPage({ browser: suite.browser, url: suite.url, deps }, reader.id, '/');
    const pin = (await serverPage(page))[0];
    if (!pin) throw new Error('no first pin');
    const tile = page.locator(`${GRID} [role="listitem"]:has(a[href="/pin/${pin.id}/"])`);
    await tile.waitFor();
    expect(await tile.innerText()).not.toContain(reasonText(pin.recommendation_reason));
    // Not rendered and then removed: the server's HTML has no reason line either.
    const html = await (await page.context().request.get(`${suite.url}/`)).text();
    expect(html).not.toContain(reasonText(pin.recommendation_reason));
    await screenshot(page, 'home-feed-footer-hidden');
    expect(problems.messages).toEqual([]);
    await close();
  });
});

describe.skipIf(!chromiumAvailable())('the home feed of a site without public pins', () => {
  const suite = browserSuite();

  it('says so and offers to create the first pin', async () => {
    const member = await makeUser(suite.server.server.deps, 'First');
    const { page, problems, close } = await openMemberPage({ browser: suite.browser, url: suite.url, deps: () => suite.server.server.deps }, member.id, '/');
    expect(await serverPage(page)).toEqual([]);
    await page.getByRole('heading', { name: 'Nothing to show yet' }).waitFor();
    expect(await page.getByRole('link', { name: 'Create Pin' }).last().getAttribute('href')).toBe('/pin-builder');
    expect(await page.locator(GRID).count()).toBe(0);
    await screenshot(page, 'home-feed-empty');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems.messages).toEqual([]);
    await close();
  });
});
