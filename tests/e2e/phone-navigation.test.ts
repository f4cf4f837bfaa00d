import fs from 'node:fs';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPin } from '../../src/server/pins/pins.service.ts';
import { ingestImage } from '../../src/server/media/media.service.ts';
import { accessibilityViolations, watchLayoutShifts } from '../support/axe.ts';
import { chromiumAvailable, openPage, VIEWPORTS, type Viewport } from '../support/browser.ts';
import { browserSuite, HYDRATED, type Visit } from '../support/browser-suite.ts';
import { makeBoard, makeUser, type TestUser } from '../support/factories.ts';
import { openMemberPage, signInPage } from '../support/members.ts';

const SHOTS = '/work/h/k-shots';
const PHONES: Viewport[] = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
];
/** The smallest touch target WCAG 2.5.5 asks for. */
const TOUCH = 44;

const bar = (page: Page) => page.getByRole('navigation', { name: 'Navigation bar' });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${String(locator)}`);
  return found;
}

/** Every link and button of the bar is visible, inside the window and at least 44 × 44 px. */
async function expectTargets(page: Page, viewport: Viewport, names: string[]) {
  const nav = bar(page);
  await nav.waitFor();
  const targets = nav.locator(':scope > a, :scope > div > button');
  expect(await targets.evaluateAll((all) => all.map((a) => a.textContent.trim()))).toEqual(names);
  for (const target of await targets.all()) {
    const { x, y, width, height } = await box(target);
    const name = (await target.textContent()) ?? '';
    expect(width, name).toBeGreaterThanOrEqual(TOUCH);
    expect(height, name).toBeGreaterThanOrEqual(TOUCH);
    expect(x).toBeGreaterThanOrEqual(0);
    expect(x + width).toBeLessThanOrEqual(viewport.width + 0.5);
    expect(y + height).toBeLessThanOrEqual(viewport.height + 0.5);
  }
}

/** Scrolled to the end, the page's content ends above the bar rather than under it. */
async function expectContentAboveBar(page: Page) {
  await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  const contentEnd = await page.locator('main').evaluate((main) => {
    const last = main.lastElementChild;
    return last ? last.getBoundingClientRect().bottom : main.getBoundingClientRect().top;
  });
  expect(contentEnd).toBeLessThanOrEqual((await box(bar(page))).y + 0.5);
}

/**
 * The search takes most of a visitor's header; a member's also holds three 44 px controls (the
 * news bell, messages and the account), so theirs keeps at least 45% of the width.
 */
async function expectWideSearch(page: Page, viewport: Viewport, share = 0.6) {
  const field = page.getByRole('search').getByRole('searchbox', { name: 'Search' });
  expect((await box(field)).width).toBeGreaterThanOrEqual(viewport.width * share);
  expect((await box(field)).height).toBeGreaterThanOrEqual(TOUCH);
}

/** Follows a bar link, and checks the page it leads to marks it current. */
async function follow(page: Page, name: string, path: string) {
  await bar(page).getByRole('link', { name, exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
  await expect.poll(() => bar(page).getByRole('link', { name, exact: true }).getAttribute('aria-current')).toBe('page');
}

/** Today, Explore, and Videos and Shopping through Explore's tabs: every hub from a phone. */
async function walkHubs(page: Page) {
  await follow(page, 'Today', '/today/');
  await follow(page, 'Explore', '/ideas/');
  const tabs = page.getByRole('navigation', { name: 'Explore' });
  await tabs.getByRole('link', { name: 'Videos' }).click();
  await page.waitForURL((url) => url.pathname === '/videos/');
  expect(await bar(page).getByRole('link', { name: 'Explore', exact: true }).getAttribute('aria-current')).toBe('page');
  await tabs.getByRole('link', { name: 'Shopping' }).click();
  await page.waitForURL((url) => url.pathname === '/shopping/');
  expect(await bar(page).isVisible()).toBe(true);
}

/** The closeup's heart: a square of at least 44 px with its 24 px icon whole inside. */
async function expectHeart(heart: Locator) {
  const outer = await box(heart);
  expect(outer.width).toBe(outer.height);
  expect(outer.width).toBeGreaterThanOrEqual(TOUCH);
  const icon = await box(heart.locator('svg'));
  expect([icon.width, icon.height]).toEqual([24, 24]);
}

describe.skipIf(!chromiumAvailable())('the phone layout: bottom navigation bar, search width, touch targets', () => {
  const suite = browserSuite();
  let member: TestUser;
  let pinId = '';
  const members = () => ({ browser: suite.browser, url: suite.url, deps: () => suite.server.server.deps });

  beforeAll(async () => {
    const deps = suite.server.server.deps;
    member = await makeUser(deps, 'Pia');
    const board = await makeBoard(deps, member, { name: 'Pockets' });
    const png = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#2980b9' } })
      .png()
      .toBuffer();
    const media = await ingestImage(deps, member.actor, png, { inline: true });
    pinId = (await createPin(deps, member.actor, { board_id: board.id, media_id: media.id, title: 'Blue pocket' })).pin.id;
    fs.mkdirSync(SHOTS, { recursive: true });
  }, 60_000);

  for (const viewport of PHONES) {
    const size = `${viewport.width}x${viewport.height}`;

    it(`lets a visitor reach every hub at ${size}, with a wide search and whole touch targets`, async () => {
      const { context, page, problems }: Visit = await suite.visit('/', viewport);
      await expectTargets(page, viewport, ['Home', 'Today', 'Explore', 'Log in', 'Sign up']);
      expect(await bar(page).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
      await expectWideSearch(page, viewport);
      await expectContentAboveBar(page);
      await page.screenshot({ path: `${SHOTS}/home-visitor-${size}.png` });
      await walkHubs(page);
      await page.goto(`${suite.url}/pin/${pinId}/`);
      await page.waitForSelector(HYDRATED);
      await expectHeart(page.getByRole('link', { name: 'Log in to react' }));
      await bar(page).getByRole('link', { name: 'Log in' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      expect(problems.messages).toEqual([]);
      await context.close();
    });

    it(`lets a member reach every hub, create and their profile at ${size}`, async () => {
      const { page, problems, close } = await openMemberPage(members(), member.id, '/', viewport);
      await expectTargets(page, viewport, ['Home', 'Today', 'Explore', 'Create', 'Profile']);
      await expectWideSearch(page, viewport, 0.45);
      await expectContentAboveBar(page);
      await page.screenshot({ path: `${SHOTS}/home-member-${size}.png` });
      await bar(page).getByRole('button', { name: 'Create' }).click();
      const createPin = bar(page).getByRole('link', { name: 'Create Pin' });
      await createPin.waitFor();
      const menuItem = await box(createPin);
      expect(menuItem.y).toBeGreaterThanOrEqual(0);
      expect(menuItem.y + menuItem.height).toBeLessThanOrEqual((await box(bar(page))).y);
      await page.keyboard.press('Escape');
      await follow(page, 'Profile', `/${member.username}/`);
      await walkHubs(page);
      await page.goto(`${suite.url}/pin/${pinId}/`);
      await page.waitForSelector(HYDRATED);
      await expectHeart(page.getByRole('button', { name: 'Like' }));
      await page.screenshot({ path: `${SHOTS}/closeup-member-${size}.png` });
      await page.goto(`${suite.url}/search/pins/?q=blue`);
      await page.waitForSelector(HYDRATED);
      await page.getByRole('search').getByRole('searchbox', { name: 'Search' }).fill('pock');
      await page.getByRole('listbox').waitFor();
      await page.screenshot({ path: `${SHOTS}/search-member-${size}.png` });
      expect(problems.messages).toEqual([]);
      await close();
    });
  }

  it('hides the bar at desktop width, where the header holds the navigation', async () => {
    const { page, problems, close } = await openMemberPage(members(), member.id, '/', VIEWPORTS.desktop);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Today' }).waitFor();
    expect(await bar(page).count()).toBe(0);
    expect(await page.locator('nav').evaluateAll((navs) => navs.filter((nav) => nav.getBoundingClientRect().height > 0).length)).toBe(1);
    await page.screenshot({ path: `${SHOTS}/home-member-1280x800.png` });
    await expectHeartOn(page, `/pin/${pinId}/`, 'Like');
    await page.screenshot({ path: `${SHOTS}/closeup-member-1280x800.png` });
    await page.goto(`${suite.url}/search/pins/?q=blue`);
    await page.waitForSelector(HYDRATED);
    await page.screenshot({ path: `${SHOTS}/search-member-1280x800.png` });
    const visitor = await suite.visit('/', VIEWPORTS.desktop);
    expect(await bar(visitor.page).count()).toBe(0);
    await visitor.page.screenshot({ path: `${SHOTS}/home-visitor-1280x800.png` });
    expect(problems.messages).toEqual([]);
    expect(visitor.problems.messages).toEqual([]);
    await visitor.context.close();
    await close();
  });

  async function expectHeartOn(page: Page, path: string, name: string) {
    await page.goto(suite.url + path);
    await page.waitForSelector(HYDRATED);
    await expectHeart(page.getByRole('button', { name }));
  }

  for (const viewport of [PHONES[0] ?? VIEWPORTS.phone, VIEWPORTS.desktop]) {
    it(`keeps the shell's pages accessible and free of layout shift at ${viewport.width} px, for visitors and members`, { retry: 1 }, async () => {
      for (const signedIn of [false, true]) {
        for (const path of ['/', '/today/', '/ideas/', `/pin/${pinId}/`]) {
          const context = await suite.browser.newContext({ viewport, bypassCSP: true, locale: 'en-US' });
          const { page, problems } = signedIn ? await memberIn(context) : await openPage(context);
          const layoutShifts = await watchLayoutShifts(page);
          await page.goto(suite.url + path);
          await page.waitForSelector(HYDRATED);
          await page.waitForLoadState('networkidle');
          expect(await accessibilityViolations(page), path).toEqual([]);
          expect(await layoutShifts(), path).toEqual([]);
          expect(problems.messages, path).toEqual([]);
          await context.close();
        }
      }
    });
  }

  async function memberIn(context: Awaited<ReturnType<typeof suite.browser.newContext>>) {
    const opened = await openPage(context);
    await opened.page.goto(`${suite.url}/`);
    await opened.page.waitForSelector(HYDRATED);
    await signInPage(opened.page, suite.server.server.deps, member.id);
    return opened;
  }
});
