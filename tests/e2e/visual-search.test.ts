import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/password-hash.ts';
import type { Pin } from '../../src/server/db/schema/boards-and-pins.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { chromiumAvailable, screenshot, VIEWPORTS } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { makeBoard, makeProductPin, makeUser, type TestUser } from '../support/factories.ts';
import { openMemberPage } from '../support/members.ts';
import { diptych, indexCaughtUp, photo, pinOfPicture } from '../contract/visual/helpers.ts';

const pinIdOf = (href: string | null) => /^\/pin\/(\d+)\/$/.exec(href ?? '')?.[1] ?? '';

const CROP_GRID = 'Pins that look like the selected area';
const IMAGE_GRID = 'Pins that look like your image';

/** Waits until the grid's first tiles are these pins, in any order. */
async function firstShown(page: Page, grid: string, ids: readonly string[]): Promise<void> {
  await page.waitForFunction(
    ({ label, wanted }) => {
      const links = [...document.querySelectorAll(`[aria-label="${label}"] a[href^="/pin/"][data-grid-focus]`)].slice(0, wanted.length);
      const shown = links.map((a) => /^\/pin\/(\d+)\/$/.exec(a.getAttribute('href') ?? '')?.[1]);
      return shown.length === wanted.length && wanted.every((id) => shown.includes(id));
    },
    { label: grid, wanted: [...ids] },
  );
}

/** How many tiles a grid shows. */
const tileCount = (page: Page, grid: string) => page.locator(`[aria-label="${grid}"] [data-grid-index]`).count();

/** The ids of the pins a results grid shows, in order. */
async function shownIds(page: Page, grid: string): Promise<string[]> {
  const links = page.getByRole('list', { name: grid }).locator('a[href^="/pin/"][data-grid-focus]');
  return (await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).map(pinIdOf);
}

describe.skipIf(!chromiumAvailable())('visual search in a browser', () => {
  const suite = browserSuite();
  const deps = () => suite.server.server.deps;
  let member: TestUser;
  let room: Pin;
  let left: Pin;
  let right: Pin;
  let lamp: Pin;
  /** The lamp's picture: its own pin and its three product copies. */
  let lamps: string[] = [];
  const lampPicture = photo(102, 320, 480);

  beforeAll(async () => {
    const owner = await makeUser(deps(), 'Vera');
    member = await makeUser(deps(), 'Mo');
    const board = await makeBoard(deps(), owner, { name: 'Rooms' });
    const [a, b] = await Promise.all([photo(101, 320, 480), lampPicture]);
    room = await pinOfPicture(deps(), owner, board, await diptych(a, b), 'Reading corner');
    left = await pinOfPicture(deps(), owner, board, a, 'Armchair');
    right = await pinOfPicture(deps(), owner, board, b, 'Floor lamp');
    const extra: Pin[] = [];
    for (let seed = 1; seed <= 12; seed++) extra.push(await pinOfPicture(deps(), owner, board, await photo(seed, 320, 480), `Picture ${seed}`));
    const shop = await makeBoard(deps(), owner, { name: 'Lamps to buy' });
    const offers = [
      ['Brass lamp', '40', 'lamps.example.com'],
      ['Linen lamp', '75', 'lamps.example.com'],
      ['Paper lamp', '15', 'paper.example.org'],
    ] as const;
    const products: Pin[] = [];
    for (const [i, [title, price, domain]] of offers.entries()) {
      const copy = await sharp(b)
        .resize({ width: 300 - i * 40 })
        .jpeg({ quality: 85 - i * 10 })
        .toBuffer();
      products.push(await makeProductPin(deps(), owner, shop, title, { price, availability: 'InStock', domain }, copy));
    }
    lamp = products[0] ?? right;
    lamps = [right.id, ...products.map((p) => p.id)];
    await indexCaughtUp(
      { deps: deps() },
      [room, left, right, ...extra, ...products].map((p) => p.id),
    );
    // A warm-up page: Chromium settles its fonts on its first page.
    const { context } = await suite.visit('/');
    await context.close();
  }, 180_000);

  it('opens the lens on a closeup, searches a box drawn over the picture, and moves it with the keyboard', async () => {
    const { context, page, problems } = await suite.visit(`/pin/${room.id}/`);
    await page.getByRole('button', { name: 'Visually search' }).click();
    const box = page.getByRole('group', { name: /^Search area/ });
    await box.waitFor();
    // The box takes the focus, so the keyboard can move it at once.
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    const results = page.getByRole('region', { name: 'Visually similar' });
    await results.locator('a[data-grid-focus]').first().waitFor();
    await screenshot(page, 'visual-lens-default');

    // Draw a box over the right half: the lamp comes first.
    const picture = page.locator('article img').first();
    const at = await picture.boundingBox();
    if (!at) throw new Error('no picture');
    await page.mouse.move(at.x + at.width * 0.52, at.y + at.height * 0.03);
    await page.mouse.down();
    await page.mouse.move(at.x + at.width * 0.75, at.y + at.height * 0.5, { steps: 5 });
    await page.mouse.move(at.x + at.width * 0.98, at.y + at.height * 0.97, { steps: 5 });
    await page.mouse.up();
    // Drawn over the right half, the lamp's pictures come first: its own pin and the shops' copies.
    await firstShown(page, CROP_GRID, lamps);
    expect(await shownIds(page, CROP_GRID)).not.toContain(room.id);
    await screenshot(page, 'visual-lens-right-half');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Keyboard: arrows move the box, Shift and arrows resize it; the search follows.
    const before = await box.getAttribute('aria-label');
    await box.press('ArrowLeft');
    await box.press('Shift+ArrowUp');
    expect(await box.getAttribute('aria-label')).not.toBe(before);
    // Move the box over the left half: the armchair comes first.
    for (let i = 0; i < 25; i++) await box.press('ArrowLeft');
    await firstShown(page, CROP_GRID, [left.id]);
    await box.press('Escape');
    await results.waitFor({ state: 'detached' });
    const lens = page.getByRole('button', { name: 'Visually search' });
    expect(await lens.getAttribute('aria-pressed')).toBe('false');
    expect(await lens.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it("shops a product's picture with price and shop filters", async () => {
    const { context, page, problems } = await suite.visit(`/pin/${lamp.id}/`);
    await page.getByRole('button', { name: 'Visually search' }).click();
    const results = page.getByRole('region', { name: 'Visually similar' });
    // A product opens shopping: only products, with the filters their pages allow.
    expect(await results.getByRole('button', { name: 'Shop' }).getAttribute('aria-pressed')).toBe('true');
    const filters = results.getByRole('group', { name: 'Product filters' });
    await filters.getByRole('button', { name: 'paper.example.org' }).waitFor();
    expect(await filters.getByRole('button', { name: 'lamps.example.com' }).count()).toBe(1);
    expect(await filters.getByRole('button', { name: /\$15/ }).count()).toBeGreaterThan(0);
    await firstShown(
      page,
      CROP_GRID,
      lamps.filter((id) => id !== right.id && id !== lamp.id),
    );
    expect(await tileCount(page, CROP_GRID)).toBe(2);
    await filters.getByRole('button', { name: 'paper.example.org' }).click();
    await expect.poll(() => tileCount(page, CROP_GRID)).toBe(1);
    expect(await filters.getByRole('button', { name: 'paper.example.org' }).getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'visual-lens-shopping');
    expect(await accessibilityViolations(page)).toEqual([]);
    // All Pins: products and other pins alike, no filters.
    await results.getByRole('button', { name: 'All Pins' }).click();
    await filters.waitFor({ state: 'detached' });
    await firstShown(
      page,
      CROP_GRID,
      lamps.filter((id) => id !== lamp.id),
    );
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('searches with an image chosen from the search field, and with one pasted into it', async () => {
    const { page, problems, close } = await openMemberPage({ browser: suite.browser, url: suite.url, deps }, member.id, '/');
    await page.getByRole('search').getByRole('searchbox', { name: 'Search' }).focus();
    const entry = page.getByRole('button', { name: 'Search with an image' });
    await entry.waitFor();
    await screenshot(page, 'visual-image-entry');
    const chooser = page.waitForEvent('filechooser');
    await entry.click();
    const copy = await sharp(await lampPicture)
      .resize({ width: 200 })
      .jpeg({ quality: 60 })
      .toBuffer();
    await (await chooser).setFiles({ name: 'lamp.jpg', mimeType: 'image/jpeg', buffer: copy });
    await page.waitForURL(/\/search\/visual\/\?f=[A-Za-z0-9_-]{98}$/);
    await page.getByRole('heading', { name: 'Search with an image', level: 1 }).waitFor();
    await page.getByRole('img', { name: 'The image you searched with' }).waitFor();
    await firstShown(page, IMAGE_GRID, lamps);
    await screenshot(page, 'visual-image-results');
    expect(await accessibilityViolations(page)).toEqual([]);

    // A reload searches again from the address alone.
    await page.reload();
    await firstShown(page, IMAGE_GRID, lamps);

    // Pasting a picture into the field searches with it.
    await page.goto(`${suite.url}/`);
    const field = page.getByRole('search').getByRole('searchbox', { name: 'Search' });
    await field.focus();
    await page.getByRole('button', { name: 'Search with an image' }).waitFor();
    const armchair = await sharp(await photo(101, 320, 480))
      .png()
      .toBuffer();
    await page.getByRole('combobox', { name: 'Search' }).evaluate(
      (input, bytes) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], 'pasted.png', { type: 'image/png' }));
        input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      },
      [...armchair],
    );
    await page.waitForURL(/\/search\/visual\/\?f=/);
    await firstShown(page, IMAGE_GRID, [left.id]);
    expect(problems.messages).toEqual([]);
    await close();
  });
  /** A small copy of the lamp's picture, chosen in the header's image search. */
  async function chooseLamp(page: Page): Promise<void> {
    await page.getByRole('search').getByRole('searchbox', { name: 'Search' }).focus();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Search with an image' }).click();
    const copy = await sharp(await lampPicture)
      .resize({ width: 200 })
      .jpeg({ quality: 60 })
      .toBuffer();
    await (await chooser).setFiles({ name: 'lamp.jpg', mimeType: 'image/jpeg', buffer: copy });
  }

  it('sends a visitor who chooses a picture to log in, and back to the search with that picture', async () => {
    const walker = await makeUser(deps(), 'Wren');
    await deps()
      .db.updateTable('users')
      .set({ password_hash: await hashPassword('lamp light passphrase') })
      .where('id', '=', walker.id)
      .execute();
    const { context, page, problems } = await suite.visit('/', VIEWPORTS.phone);
    await chooseLamp(page);
    await page.waitForURL(`${suite.url}/login?next=${encodeURIComponent('/search/visual/?pending=1')}`);
    await page.waitForSelector(HYDRATED);
    await page.getByLabel('Email or username').fill(walker.username);
    await page.getByLabel('Password').fill('lamp light passphrase');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/search\/visual\/\?f=[A-Za-z0-9_-]{98}$/);
    await firstShown(page, IMAGE_GRID, lamps);
    await page.getByRole('img', { name: 'The image you searched with' }).waitFor();
    await page.screenshot({ path: '/work/h/e-shots/visual-after-login-390.png' });
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it("closes a member's recent searches when a search with an image opens its results", async () => {
    const { page, problems, close } = await openMemberPage({ browser: suite.browser, url: suite.url, deps }, member.id, '/');
    const field = page.getByRole('search').getByRole('searchbox', { name: 'Search' });
    await field.fill('brass lamp');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\/pins\//);
    await page.goto(`${suite.url}/`);
    await page.waitForSelector(HYDRATED);
    await page.getByRole('search').getByRole('searchbox', { name: 'Search' }).focus();
    await page.getByText('Recent searches').waitFor();
    // Pasted into the field, the picture leaves the focus there: only the page change closes the list.
    const copy = await sharp(await lampPicture)
      .resize({ width: 200 })
      .jpeg({ quality: 60 })
      .toBuffer();
    await page.getByRole('combobox', { name: 'Search' }).evaluate(
      (input, bytes) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], 'lamp.jpg', { type: 'image/jpeg' }));
        input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      },
      [...copy],
    );
    await page.waitForURL(/\/search\/visual\/\?f=/);
    await firstShown(page, IMAGE_GRID, lamps);
    expect(await page.getByRole('listbox').count()).toBe(0);
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.screenshot({ path: '/work/h/e-shots/visual-member-1280.png' });
    await page.setViewportSize(VIEWPORTS.phone);
    await page.screenshot({ path: '/work/h/e-shots/visual-member-390.png' });
    expect(problems.messages).toEqual([]);
    await close();
  });
});
