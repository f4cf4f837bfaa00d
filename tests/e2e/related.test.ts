import { beforeAll, describe, expect, it } from 'vitest';
import { savePin } from '../../src/server/pins/saves.service.ts';
import { relatedPins } from '../../src/server/recs/related.service.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { chromiumAvailable, screenshot, VIEWPORTS } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { makeBoard, makeUser } from '../support/factories.ts';
import { openMemberPage } from '../support/members.ts';
import { freshRecommender, makeThemedWorld, type ThemedWorld } from '../contract/recs/world.ts';

const pinIdOf = (href: string | null) => /^\/pin\/(\d+)\/$/.exec(href ?? '')?.[1] ?? '';

describe.skipIf(!chromiumAvailable())('"More like this" under the closeup', () => {
  const suite = browserSuite();
  let world: ThemedWorld;

  beforeAll(async () => {
    const deps = suite.server.server.deps;
    world = await makeThemedWorld(deps);
    await freshRecommender(deps);
  }, 120_000);

  it('shows related pins of the same theme below the pin, endless, and opens one and comes back', async () => {
    const query = world.pins.find((p) => p.theme === 4)?.pin;
    if (!query) throw new Error('no pin of theme 4');
    // The closeup and the first page of its related feed are server-rendered (visitors are answered from memory).
    const html = await (await fetch(`${suite.url}/pin/${query.id}/`)).text();
    expect(html).toContain(query.title);
    expect(html).toContain('More like this');

    const { context, page, problems } = await suite.visit(`/pin/${query.id}/`);
    const related = page.getByRole('region', { name: 'More like this' });
    await related.getByRole('heading', { name: 'More like this' }).scrollIntoViewIfNeeded();
    const tiles = related.locator('a[href^="/pin/"][data-grid-focus]');
    await tiles.nth(11).waitFor();
    const firstIds = (await tiles.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).map(pinIdOf);
    expect(firstIds.length).toBeGreaterThanOrEqual(12);
    expect(firstIds).not.toContain(query.id);
    const sameTheme = firstIds.filter((id) => world.themeOf(id) === 4).length;
    expect(sameTheme / firstIds.length).toBeGreaterThanOrEqual(0.8);
    await screenshot(page, 'related-closeup-desktop');

    // Endless: the end of the page asks for the next page through the end cursor.
    await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
    });
    await page.waitForFunction((count) => document.querySelectorAll('section a[href^="/pin/"][data-grid-focus]').length > count, firstIds.length);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Open one by client navigation: the same document, another pin and its own related feed.
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    await page.evaluate(() => {
      const journey = window as unknown as { journeyMark: string; scrollAtClick: number };
      journey.journeyMark = 'same document';
      // Where the page was when the link was followed (the click itself may scroll the tile into view first).
      document.addEventListener('click', () => (journey.scrollAtClick = window.scrollY), { capture: true });
    });
    const chosenHref = await related.locator('a[href^="/pin/"][data-grid-focus]').first().getAttribute('href');
    const chosenId = pinIdOf(chosenHref);
    const chosenTitle = world.pins.find((p) => p.pin.id === chosenId)?.pin.title ?? '';
    // Clicked by its address: the grid may lay out again (the next page arriving) between reading and clicking.
    await related
      .locator(`a[href="${chosenHref ?? ''}"][data-grid-focus]`)
      .first()
      .click();
    await page.waitForURL(`${suite.url}/pin/${chosenId}/`, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: chosenTitle }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { journeyMark?: string }).journeyMark)).toBe('same document');
    await related.getByRole('heading', { name: 'More like this' }).scrollIntoViewIfNeeded();
    await related.locator('a[href^="/pin/"][data-grid-focus]').nth(11).waitFor();
    const nextIds = (await related.locator('a[href^="/pin/"][data-grid-focus]').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).map(pinIdOf);
    expect(nextIds).not.toContain(chosenId);
    expect(nextIds.slice(0, 12)).not.toEqual(firstIds.slice(0, 12));
    await screenshot(page, 'related-after-opening-one');

    // Back: the first pin, its related pins at once from the GraphQL cache, the scroll position kept.
    await page.goBack();
    await page.waitForURL(`${suite.url}/pin/${query.id}/`, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: query.title }).waitFor();
    const backIds = (await related.locator('a[href^="/pin/"][data-grid-focus]').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).map(pinIdOf);
    expect(backIds.slice(0, 12)).toEqual(firstIds.slice(0, 12));
    const scrolled = await page.evaluate(() => (window as unknown as { scrollAtClick: number }).scrollAtClick);
    expect(scrolled).toBeGreaterThan(300);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(2);
    expect(await page.evaluate(() => (window as unknown as { journeyMark?: string }).journeyMark)).toBe('same document');
    await screenshot(page, 'related-back');
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('lays the related pins out in two columns on a phone', async () => {
    const query = world.pins.find((p) => p.theme === 9)?.pin;
    if (!query) throw new Error('no pin of theme 9');
    const { context, page, problems } = await suite.visit(`/pin/${query.id}/`, VIEWPORTS.phone);
    const related = page.getByRole('region', { name: 'More like this' });
    await related.getByRole('heading', { name: 'More like this' }).scrollIntoViewIfNeeded();
    await related.locator('a[href^="/pin/"][data-grid-focus]').nth(3).waitFor();
    const lefts = await related
      .locator('a[href^="/pin/"][data-grid-focus]')
      .evaluateAll((links) => [...new Set(links.map((a) => Math.round(a.getBoundingClientRect().left)))]);
    expect(lefts).toHaveLength(2);
    await screenshot(page, 'related-mobile');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it("shows a member which related pins they saved already, on the tile's save control", async () => {
    const deps = suite.server.server.deps;
    const member = await makeUser(deps, 'Keeper');
    const board = await makeBoard(deps, member, { name: 'Kept ideas' });
    const query = world.pins.find((p) => p.theme === 7)?.pin;
    if (!query) throw new Error('no pin of theme 7');
    const [kept] = (await relatedPins(deps, member.actor, query.id)).items;
    if (!kept) throw new Error('no related pin');
    await savePin(deps, member.actor, { pinId: kept.pin.id, boardId: board.id });
    const { page, problems, close } = await openMemberPage({ browser: suite.browser, url: suite.url, deps: () => deps }, member.id, `/pin/${query.id}/`);
    const related = page.getByRole('region', { name: 'More like this' });
    await related.getByRole('heading', { name: 'More like this' }).scrollIntoViewIfNeeded();
    const tile = related.locator(`a[href="/pin/${kept.pin.id}/"][data-grid-focus]`);
    await tile.hover();
    await related.getByRole('button', { name: 'Saved to Kept ideas' }).waitFor();
    await screenshot(page, 'related-member-hover');
    expect(problems.messages).toEqual([]);
    await close();
  });
});
