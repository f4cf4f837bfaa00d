import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ingestImage } from '../../src/server/media/media.service.ts';
import { createPin } from '../../src/server/pins/pins.service.ts';
import { indexPin } from '../../src/server/search/search-index.ts';
import { ensureInterest } from '../../src/server/social/topics.ts';
import type { Board } from '../../src/server/db/schema/boards-and-pins.ts';
import type { Deps } from '../../src/server/deps.ts';
import type { RichMetadata } from '../../src/shared/rich-metadata.ts';
import { accessibilityViolations, watchLayoutShifts } from '../support/axe.ts';
import { chromiumAvailable, openPage, screenshot, VIEWPORTS } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { makeBoard, makeUser, type TestUser } from '../support/factories.ts';
import { openMemberPage } from '../support/members.ts';

const COLOURS = ['#f6d55c', '#ed553b', '#3caea3', '#20639b', '#e1b12c', '#8e44ad'];

/** A pin with a picture of its own shape and colour. */
async function pinWithImage(deps: Deps, user: TestUser, board: Board, index: number, title: string, link?: string) {
  const png = await sharp({ create: { width: 400, height: 420 + (index % 4) * 90, channels: 3, background: COLOURS[index % COLOURS.length] ?? '#888888' } })
    .png()
    .toBuffer();
  const media = await ingestImage(deps, user.actor, png, { inline: true });
  return (await createPin(deps, user.actor, { board_id: board.id, media_id: media.id, title, link })).pin;
}

/** A product pin: the page it came from described the product (as pins made from a web page keep it). */
async function productPin(deps: Deps, user: TestUser, board: Board, index: number, product: { title: string; url: string; price: string; inStock: boolean }) {
  const pin = await pinWithImage(deps, user, board, index, product.title, product.url);
  const rich: RichMetadata = {
    product: { name: product.title, brand: null, price: product.price, currency: 'USD', availability: product.inStock ? 'InStock' : 'OutOfStock' },
    recipe: null,
    article: null,
  };
  const host = new URL(product.url).hostname;
  await deps.db
    .insertInto('pin_sources')
    .values({
      pin_id: pin.id,
      source_url: product.url,
      canonical_url: product.url,
      image_url: `https://${host}/picture.jpg`,
      provider_name: host,
      author_name: null,
      author_url: null,
      license_url: null,
      embed: null,
      rich_metadata: JSON.stringify(rich),
      fetched_at: Date.now(),
    })
    .execute();
  // The source row is written here rather than by a service, so the pin's document is rebuilt.
  await indexPin(deps.db, pin.id);
  return pin;
}

/** How many pin tiles the grid shows. */
const tiles = (page: Page) => page.locator('[data-grid-index]').count();

describe.skipIf(!chromiumAvailable())('search in a browser', () => {
  const suite = browserSuite();
  const deps = () => suite.server.server.deps;
  const member = (user: TestUser, path: string) => openMemberPage({ browser: suite.browser, url: suite.url, deps }, user.id, path);
  let baker: TestUser;
  let searcher: TestUser;
  const LEMON_PINS = 30;

  beforeAll(async () => {
    baker = await makeUser(deps(), 'Lemonia');
    searcher = await makeUser(deps(), 'Sam');
    const desserts = await makeBoard(deps(), baker, { name: 'Lemon desserts' });
    await makeBoard(deps(), baker, { name: 'Citrus garden' });
    // More than a page of results, so the grid pages on.
    for (let i = 0; i < LEMON_PINS; i++)
      await pinWithImage(deps(), baker, desserts, i, i % 2 === 0 ? `Lemon tart ${i + 1}` : `Lemon cake with berries ${i + 1}`);
    const kitchen = await makeBoard(deps(), baker, { name: 'Kitchen finds' });
    await productPin(deps(), baker, kitchen, 1, { title: 'Lemon squeezer', url: 'https://shop.example/squeezer', price: '12.50', inStock: true });
    await productPin(deps(), baker, kitchen, 2, { title: 'Lemon zester', url: 'https://kitchen.example/zester', price: '35.00', inStock: false });
    await productPin(deps(), baker, kitchen, 3, { title: 'Lemon press', url: 'https://kitchen.example/press', price: '89.00', inStock: true });
    await ensureInterest(deps().db, 'Lemon recipes', 'lemon-recipes');
    // A warm-up page: Chromium settles its fonts on its first page.
    const { context } = await suite.visit('/');
    await context.close();
  }, 180_000);

  it('suggests queries, a topic, a board and a person as the member types, and opens one with the keyboard', async () => {
    const { page, problems, close } = await member(searcher, '/');
    const field = page.getByRole('search').getByRole('searchbox', { name: 'Search' });
    await field.focus();
    // The typeahead's code loads on that first focus and turns the field into a combobox.
    const combobox = page.getByRole('combobox', { name: 'Search' });
    await combobox.waitFor();
    await combobox.pressSequentially('lem');
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    await list.getByRole('option', { name: /Lemon desserts/ }).waitFor();
    expect(await list.getByRole('option', { name: /^lemon/ }).count()).toBeGreaterThan(0);
    expect(await list.getByRole('option', { name: 'Lemon recipes Topic' }).count()).toBe(1);
    expect(await list.getByRole('option', { name: `Lemonia Test @${baker.username}` }).count()).toBe(1);
    const options = await list.getByRole('option').allTextContents();
    expect(await combobox.getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, 'search-typeahead');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Down through the list to the board; the field names the active option.
    const boardIndex = options.findIndex((o) => o.startsWith('Lemon desserts'));
    for (let i = 0; i <= boardIndex; i++) await combobox.press('ArrowDown');
    const activeId = await combobox.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${activeId ?? ''}"]`).textContent()).toContain('Lemon desserts');
    await combobox.press('Enter');
    await page.waitForURL(`${suite.url}/${baker.username}/lemon-desserts/`);
    await page.getByRole('heading', { name: 'Lemon desserts', level: 1 }).waitFor();
    expect(await page.getByRole('listbox').count()).toBe(0);

    // Escape closes the list; Enter then searches the words as typed.
    await combobox.fill('lemon tart');
    await list.waitFor();
    await combobox.press('Escape');
    await list.waitFor({ state: 'detached' });
    expect(await combobox.inputValue()).toBe('lemon tart');
    await combobox.press('Enter');
    await page.waitForURL(`${suite.url}/search/pins/?q=lemon+tart`);
    await page.getByRole('list', { name: 'Pins for lemon tart' }).waitFor();
    expect(problems.messages).toEqual([]);
    await close();
  });

  it('switches from pins to boards to people with the same query, pages on, and corrects a typo', async () => {
    const { context, page, problems } = await suite.visit('/search/pins/?q=lemon');
    // The header's field shows what the page is a search for, from the server's page on.
    const field = page.getByRole('search').locator('input[name="q"]');
    expect(await field.inputValue()).toBe('lemon');
    const tabs = page.getByRole('navigation', { name: 'Kinds of results' });
    expect(await tabs.getByRole('link').allTextContents()).toEqual(['Pins', 'Products', 'Videos', 'Boards', 'People']);
    expect(await tabs.getByRole('link', { name: 'Pins' }).getAttribute('aria-current')).toBe('page');
    await page.getByRole('list', { name: 'Pins for lemon' }).waitFor();
    await page.waitForFunction(() => document.title === 'Search results for lemon');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await page.getByRole('navigation', { name: 'Refine your search' }).getByRole('link').count()).toBeGreaterThan(0);
    await screenshot(page, 'search-pins');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The grid reads the next page (the first page's bookmark) as its end comes near: every pin shows.
    await page.mouse.wheel(0, 20_000);
    await page.locator(`[data-grid-index="${String(LEMON_PINS + 3 - 1)}"]`).waitFor({ state: 'attached' });
    expect(await page.locator(`[data-grid-index="${String(LEMON_PINS + 3)}"]`).count()).toBe(0);

    await tabs.getByRole('link', { name: 'Boards' }).click();
    await page.waitForURL(`${suite.url}/search/boards/?q=lemon`);
    await page
      .getByRole('list', { name: 'Boards for lemon' })
      .getByRole('link', { name: /Lemon desserts/ })
      .waitFor();
    expect(await tabs.getByRole('link', { name: 'Boards' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('link', { name: /Citrus garden/ }).count()).toBe(0);

    await tabs.getByRole('link', { name: 'People' }).click();
    await page.waitForURL(`${suite.url}/search/users/?q=lemon`);
    const people = page.getByRole('list', { name: 'People for lemon' });
    await people.getByRole('link', { name: /Lemonia Test/ }).waitFor();
    expect(await people.getByRole('link', { name: 'Follow', exact: true }).count()).toBe(1);
    await screenshot(page, 'search-people');
    expect(await accessibilityViolations(page)).toEqual([]);

    // A misspelt word is corrected; the exact words can still be searched for.
    await page.goto(`${suite.url}/search/pins/?q=lemmon`);
    await page.waitForSelector(HYDRATED);
    await page.getByText('Showing results for lemon').waitFor();
    expect(await tiles(page)).toBeGreaterThan(0);
    await screenshot(page, 'search-typo');
    await page.getByRole('link', { name: 'Search instead for lemmon' }).click();
    await page.waitForURL(`${suite.url}/search/pins/?q=lemmon&auto_correction_disabled=true`);
    expect(await field.inputValue()).toBe('lemmon');
    await page.getByRole('heading', { name: 'No results for lemmon' }).waitFor();
    await screenshot(page, 'search-no-results');
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('narrows products by price, keeps the filters in the URL, and goes back', async () => {
    const { context, page, problems } = await suite.visit('/search/buyable_pins/?q=lemon');
    await page.getByRole('list', { name: 'Pins for lemon' }).waitFor();
    expect(await tiles(page)).toBe(3);
    const filters = page.getByRole('form', { name: 'Product filters' });
    expect(await filters.getByLabel('kitchen.example').isVisible()).toBe(true);
    expect(await filters.getByLabel('shop.example').isVisible()).toBe(true);

    await filters.getByLabel('Max').fill('40');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(`${suite.url}/search/buyable_pins/?q=lemon&price_max=40`);
    await page.waitForFunction(() => document.querySelectorAll('[data-grid-index]').length === 2);
    expect(await page.getByRole('link', { name: 'Lemon press' }).count()).toBe(0);

    await filters.getByLabel('In stock only').check();
    await page.waitForURL(`${suite.url}/search/buyable_pins/?q=lemon&price_max=40&in_stock=true`);
    await page.waitForFunction(() => document.querySelectorAll('[data-grid-index]').length === 1);
    expect(await page.getByRole('link', { name: 'Lemon squeezer' }).count()).toBe(1);
    await screenshot(page, 'search-products-filtered');
    expect(await accessibilityViolations(page)).toEqual([]);

    // A reload keeps the filters; back undoes them one by one.
    await page.reload();
    await page.waitForSelector(HYDRATED);
    expect(await tiles(page)).toBe(1);
    expect(await filters.getByLabel('Max').inputValue()).toBe('40');
    expect(await filters.getByLabel('In stock only').isChecked()).toBe(true);
    await page.goBack();
    await page.waitForURL(`${suite.url}/search/buyable_pins/?q=lemon&price_max=40`);
    await page.waitForFunction(() => document.querySelectorAll('[data-grid-index]').length === 2);
    expect(await filters.getByLabel('In stock only').isChecked()).toBe(false);

    await filters.getByLabel('kitchen.example').check();
    await page.waitForURL(`${suite.url}/search/buyable_pins/?q=lemon&price_max=40&domain=kitchen.example`);
    await page.waitForFunction(() => document.querySelectorAll('[data-grid-index]').length === 1);
    expect(await page.getByRole('link', { name: 'Lemon zester' }).count()).toBe(1);
    expect(await filters.getByLabel('shop.example').isVisible()).toBe(true);
    expect(problems.messages).toEqual([]);
    await context.close();

    const phone = await suite.visit('/search/buyable_pins/?q=lemon&price_max=40', VIEWPORTS.phone);
    await phone.page.getByRole('list', { name: 'Pins for lemon' }).waitFor();
    await screenshot(phone.page, 'search-products-phone');
    expect(await accessibilityViolations(phone.page)).toEqual([]);
    expect(phone.problems.messages).toEqual([]);
    await phone.context.close();
  });

  // Chromium's font settling can shift a first paint on a loaded machine; a real shift fails twice.
  it('lays search pages out from the server, without layout shift, on a desktop and a phone', { retry: 1 }, async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      for (const path of ['/search/pins/?q=lemon', '/search/buyable_pins/?q=lemon&in_stock=true', '/search/users/?q=lemonia']) {
        const context = await suite.browser.newContext({ viewport: VIEWPORTS[viewport], locale: 'en-US' });
        const { page, problems } = await openPage(context);
        const layoutShifts = await watchLayoutShifts(page);
        await page.goto(suite.url + path);
        await page.waitForSelector(HYDRATED);
        await page.waitForLoadState('networkidle');
        expect(await layoutShifts(), `${path} on a ${viewport}`).toEqual([]);
        expect(problems.messages, path).toEqual([]);
        await context.close();
      }
    }
  });

  it('shows the recent searches on focus and removes one', async () => {
    const reader = await makeUser(deps(), 'Rita');
    const { page, problems, close } = await member(reader, '/search/pins/?q=lemon');
    await page.getByRole('list', { name: 'Pins for lemon' }).waitFor();
    await page.goto(`${suite.url}/search/boards/?q=citrus`);
    await page.waitForSelector(HYDRATED);
    await page.goto(`${suite.url}/`);
    await page.waitForSelector(HYDRATED);

    await page.getByRole('search').getByRole('searchbox', { name: 'Search' }).focus();
    const recent = page.getByRole('listbox', { name: 'Recent searches' });
    await recent.waitFor();
    expect(await recent.getByRole('option').allTextContents()).toEqual(['citrusRecent search', 'lemonRecent search']);
    await screenshot(page, 'search-recent');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Remove citrus from recent searches' }).click();
    await recent.getByRole('option', { name: /citrus/ }).waitFor({ state: 'detached' });
    expect(await recent.getByRole('option').allTextContents()).toEqual(['lemonRecent search']);

    // The server forgot it too.
    await page.reload();
    await page.waitForSelector(HYDRATED);
    await page.getByRole('search').getByRole('searchbox', { name: 'Search' }).focus();
    await recent.waitFor();
    expect(await recent.getByRole('option').allTextContents()).toEqual(['lemonRecent search']);

    // Picking a recent search runs it again, through the router.
    await page.getByRole('combobox', { name: 'Search' }).press('ArrowDown');
    await page.getByRole('combobox', { name: 'Search' }).press('Enter');
    await page.waitForURL(/\/search\/pins\/\?q=lemon/);
    await page.getByRole('list', { name: 'Pins for lemon' }).waitFor();
    expect(problems.messages).toEqual([]);
    await close();
  });
});
