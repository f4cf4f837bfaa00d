import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { canvasOf } from '../../src/server/demo/painters/paint.ts';
import { paintBeauty } from '../../src/server/demo/painters/people.ts';
import { createRandom } from '../../src/server/demo/random.ts';
import { ingestImage } from '../../src/server/media/media.service.ts';
import { createPin } from '../../src/server/pins/pins.service.ts';
import { SKIN_TONE_RANGES, type SkinToneRange } from '../../src/shared/skin-tone.ts';
import type { Board } from '../../src/server/db/schema/boards-and-pins.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { chromiumAvailable, screenshot, VIEWPORTS } from '../support/browser.ts';
import { browserSuite, HYDRATED } from '../support/browser-suite.ts';
import { makeBoard, makeUser, type TestUser } from '../support/factories.ts';

const tiles = (page: Page) => page.locator('[data-grid-index]').count();
const HINT = 'Pick a skin tone range to narrow your results; pick it again to see them all.';
/** Two pins of each range, in the order of SKIN_TONE_RANGES. */
const titleOf = (range: SkinToneRange, n: number) => `Berry lipstick ${range.replace('_', ' ')} ${n}`;

describe.skipIf(!chromiumAvailable())('skin tone ranges on a beauty search in a browser', () => {
  const suite = browserSuite();
  const deps = () => suite.server.server.deps;
  let artist: TestUser;

  async function pin(board: Board, title: string, picture: Buffer) {
    const media = await ingestImage(deps(), artist.actor, picture, { inline: true });
    await createPin(deps(), artist.actor, { board_id: board.id, media_id: media.id, title });
  }

  beforeAll(async () => {
    artist = await makeUser(deps(), 'Glow');
    const looks = await makeBoard(deps(), artist, { name: 'Makeup looks' });
    for (const range of SKIN_TONE_RANGES) {
      for (const n of [1, 2]) {
        const svg = paintBeauty(createRandom(`e2e/${range}/${n}`), canvasOf('3:4', 400), range);
        await pin(looks, titleOf(range, n), await sharp(Buffer.from(svg)).png().toBuffer());
      }
    }
    const cabins = await makeBoard(deps(), artist, { name: 'Cabins' });
    await pin(
      cabins,
      'Mountain cabin',
      await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2a9d8f' } })
        .png()
        .toBuffer(),
    );
    const { context } = await suite.visit('/');
    await context.close();
  }, 180_000);

  it('offers the ranges on a beauty search, narrows to one with the keyboard, clears it, and not on other searches', async () => {
    const { context, page, problems } = await suite.visit('/search/pins/?q=lipstick');
    const ranges = page.getByRole('radiogroup', { name: 'Skin tone ranges' });
    await ranges.waitFor();
    expect(await ranges.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.getAttribute('aria-label')))).toEqual([
      'Light skin tones',
      'Medium-light skin tones',
      'Medium-dark skin tones',
      'Dark skin tones',
    ]);
    expect(await tiles(page)).toBe(8);
    await page.getByText(HINT).waitFor();
    await screenshot(page, 'skin-tone-ranges');
    expect(await accessibilityViolations(page)).toEqual([]);

    // One tab stop; arrows move between swatches, Space chooses.
    await ranges.getByRole('radio', { name: 'Light skin tones', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Medium-dark skin tones');
    await page.keyboard.press('Space');
    await page.waitForURL(`${suite.url}/search/pins/?q=lipstick&skin_tone=medium_dark`);
    await page.waitForFunction(() => document.querySelectorAll('[data-grid-index]').length === 2);
    for (const n of [1, 2]) expect(await page.getByRole('link', { name: titleOf('medium_dark', n) }).count()).toBe(1);
    expect(await ranges.getByRole('radio', { name: 'Medium-dark skin tones', exact: true }).getAttribute('aria-checked')).toBe('true');
    // The same query again: the hint has explained the ranges once.
    expect(await page.getByText(HINT).count()).toBe(0);
    await screenshot(page, 'skin-tone-chosen');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Choosing the chosen range again shows the whole search.
    await ranges.getByRole('radio', { name: 'Medium-dark skin tones', exact: true }).click();
    await page.waitForURL(`${suite.url}/search/pins/?q=lipstick`);
    await page.waitForFunction(() => document.querySelectorAll('[data-grid-index]').length === 8);
    expect(await ranges.getByRole('radio', { checked: true }).count()).toBe(0);
    expect(await page.getByText(HINT).count()).toBe(0);

    // Leaving the search resets the count: back on it, the hint explains the ranges again.
    await page.getByRole('link', { name: titleOf('dark', 1) }).click();
    await page.waitForURL(/\/pin\/\d+\/$/);
    await page.goBack();
    await page.waitForURL(`${suite.url}/search/pins/?q=lipstick`);
    await page.getByText(HINT).waitFor();

    await page.goto(`${suite.url}/search/pins/?q=cabin`);
    await page.waitForSelector(HYDRATED);
    await page.getByRole('link', { name: 'Mountain cabin' }).waitFor();
    expect(await page.getByRole('radiogroup', { name: 'Skin tone ranges' }).count()).toBe(0);
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('renders a shared link to a range on the server, and on a phone', async () => {
    const html = await (await fetch(`${suite.url}/search/pins/?q=lipstick&skin_tone=dark`)).text();
    expect(html).toContain('role="radiogroup"');
    expect(html).toMatch(/aria-checked="true"[^>]*aria-label="Dark skin tones"|aria-label="Dark skin tones"[^>]*aria-checked="true"/);
    expect(html).toContain(titleOf('dark', 1));
    expect(html).not.toContain(titleOf('light', 1));

    const phone = await suite.visit('/search/pins/?q=lipstick&skin_tone=dark', VIEWPORTS.phone);
    await phone.page.getByRole('radiogroup', { name: 'Skin tone ranges' }).waitFor();
    expect(await tiles(phone.page)).toBe(2);
    await screenshot(phone.page, 'skin-tone-phone');
    expect(await accessibilityViolations(phone.page)).toEqual([]);
    expect(phone.problems.messages).toEqual([]);
    await phone.context.close();
  });
});
