import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from '../support/axe.ts';
import { chromiumAvailable, screenshot, VIEWPORTS, type Viewport } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { makeBoard, makePin, makeUser } from '../support/factories.ts';
import { catchUpSearch } from '../support/settle.ts';
import { ensureInterest } from '../../src/server/social/topics.ts';
import { freshRecommender } from '../contract/recs/world.ts';

/**
 * A visitor's first look: the signed-out home shows the instance's pins in the server's HTML
 * (before any script runs, and with scripts off), the sign-up prompt and the 'login for more'
 * prompt, at desktop and phone widths; a closeup's related pins are links without scripts; a
 * slugged pin address opens the pin.
 */

const NARROW_PHONE: Viewport = { width: 320, height: 640 };
const TOPICS = ['Lighthouse', 'Sourdough', 'Terrarium'];

describe.skipIf(!chromiumAvailable())('the signed-out home and the closeup for visitors', () => {
  const suite = browserSuite();
  let pinId = '';
  let secretTitle = '';

  beforeAll(async () => {
    const deps = suite.server.server.deps;
    const maker = await makeUser(deps, 'Maker');
    for (const topic of TOPICS) {
      await ensureInterest(deps.db, topic, topic.toLowerCase());
      const board = await makeBoard(deps, maker, { name: `${topic} ideas` });
      for (let i = 0; i < 12; i++) {
        const { pin } = await makePin(deps, maker, board, { title: `${topic} study ${i}` });
        pinId ||= pin.id;
      }
    }
    secretTitle = 'Secret birthday plan';
    await makePin(deps, maker, await makeBoard(deps, maker, { name: 'Plans', privacy: 'secret' }), { title: secretTitle });
    await catchUpSearch(deps);
    await freshRecommender(deps);
  }, 120_000);

  /** The home with scripts off: only what the server rendered. */
  async function withoutScripts(path: string, viewport: Viewport): Promise<{ page: Page; close: () => Promise<void> }> {
    const context = await suite.browser.newContext({ viewport, javaScriptEnabled: false, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(suite.url + path);
    return { page, close: () => context.close() };
  }

  const pinLinks = (page: Page) => page.locator('main a[href^="/pin/"]');

  it.each([
    ['desktop', VIEWPORTS.desktop],
    ['phone', VIEWPORTS.phone],
    ['narrow phone', NARROW_PHONE],
  ] as const)('shows a visitor real pins, the sign-up prompt and login-for-more on %s, before and after hydration', async (name, viewport) => {
    const html = await (await fetch(`${suite.url}/`)).text();
    expect(new Set([...html.matchAll(/href="\/pin\/(\d+)\/"/g)].map((m) => m[1])).size).toBeGreaterThanOrEqual(25);
    expect(html).not.toContain(secretTitle);

    const plain = await withoutScripts('/', viewport);
    expect(await pinLinks(plain.page).count()).toBeGreaterThanOrEqual(25);
    await plain.page.getByRole('heading', { name: 'Get your next great idea' }).waitFor();
    expect(await plain.page.getByRole('heading', { name: 'Log in for more' }).isVisible()).toBe(true);
    await screenshot(plain.page, `landing-no-script-${name.replace(' ', '-')}`);
    await plain.close();

    const { context, page, problems } = await suite.visit('/', viewport);
    const grid = page.getByRole('region', { name: 'Fresh ideas from this community' });
    await grid.waitFor();
    // Hydrated, the grid keeps only the tiles near the window in the document (the rest were checked above).
    expect(await pinLinks(page).count()).toBeGreaterThanOrEqual(4);
    const firstTile = pinLinks(page).first();
    expect(await firstTile.isVisible()).toBe(true);
    // Mixed by topic: every topic is on the first screen.
    const titles = await page.locator('main').innerText();
    for (const topic of TOPICS) expect(titles).toContain(topic);
    expect(await page.locator('main a[href="/signup"]').first().isVisible()).toBe(true);
    const more = page.getByRole('complementary', { name: 'Log in for more' });
    await more.scrollIntoViewIfNeeded();
    expect(await more.getByRole('link', { name: 'Log in' }).isVisible()).toBe(true);
    expect(await more.getByRole('link', { name: 'Sign up' }).isVisible()).toBe(true);
    // Nothing sticks out sideways, down to 320 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    await screenshot(page, `landing-${name.replace(' ', '-')}`);
    await more.scrollIntoViewIfNeeded();
    await screenshot(page, `landing-more-${name.replace(' ', '-')}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('opens a slugged pin address as the pin, with the canonical address', async () => {
    const { context, page, problems } = await suite.visit(`/pin/lighthouse-study-0--${pinId}/`);
    await page.getByRole('heading', { name: 'Lighthouse study 0' }).waitFor();
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${suite.url}/pin/${pinId}/`);
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('has the related pins as links in the server HTML, with scripts off', async () => {
    const plain = await withoutScripts(`/pin/${pinId}/`, VIEWPORTS.phone);
    const related = plain.page.getByRole('region', { name: 'More like this' });
    await related.getByRole('heading', { name: 'More like this' }).waitFor();
    const hrefs = await related.locator('a[href^="/pin/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(new Set(hrefs).size).toBe(12);
    expect(hrefs).not.toContain(`/pin/${pinId}/`);
    await related.scrollIntoViewIfNeeded();
    await screenshot(plain.page, 'closeup-related-no-script');
    await plain.close();
  });
});
