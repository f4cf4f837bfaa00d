import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeDemoVideo } from '../../src/server/demo/video.ts';
import { acceptMedia, ingestImage } from '../../src/server/media/media.service.ts';
import { createPin } from '../../src/server/pins/pins.service.ts';
import type { Board } from '../../src/server/db/schema.ts';
import type { Deps } from '../../src/server/deps.ts';
import type { RichMetadata } from '../../src/shared/rich-metadata.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { chromiumAvailable, screenshot } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { makeBoard, makeUser, type TestUser } from '../support/factories.ts';

/** The page a pin came from, as pins made from a web page keep it. */
async function recordSource(deps: Deps, pinId: string, rich: RichMetadata): Promise<void> {
  await deps.db
    .insertInto('pin_sources')
    .values({
      pin_id: pinId,
      source_url: 'https://cook.example/tart',
      canonical_url: 'https://cook.example/tart',
      image_url: 'https://cook.example/tart.jpg',
      provider_name: 'cook.example',
      author_name: 'Ada Oven',
      author_url: null,
      license_url: null,
      embed: null,
      rich_metadata: JSON.stringify(rich),
      fetched_at: Date.now(),
    })
    .execute();
}

async function imagePin(deps: Deps, user: TestUser, board: Board, title: string, link?: string) {
  const png = await sharp({ create: { width: 500, height: 700, channels: 3, background: '#e1b12c' } }).png().toBuffer();
  const media = await ingestImage(deps, user.actor, png, { inline: true });
  return (await createPin(deps, user.actor, { board_id: board.id, media_id: media.id, title, link })).pin;
}

describe.skipIf(!chromiumAvailable())('the pin closeup in a browser', () => {
  const suite = browserSuite();
  let recipeId = '';
  let productId = '';
  let videoId = '';

  beforeAll(async () => {
    const deps = suite.server.server.deps;
    const cook = await makeUser(deps, 'Ada');
    const board = await makeBoard(deps, cook, { name: 'Sunday baking' });
    recipeId = (await imagePin(deps, cook, board, 'Lemon tart', 'https://cook.example/tart')).id;
    const recipe = { name: 'Lemon tart', prep_time: 'PT20M', cook_time: 'PT50M', total_time: null, yield: '8 slices', ingredients: ['4 lemons', '200 g butter', '3 eggs'], rating: { value: 4.6, count: 128 } };
    await recordSource(deps, recipeId, { product: null, recipe, article: null });
    productId = (await imagePin(deps, cook, board, 'Tart tin', 'https://cook.example/tin')).id;
    await recordSource(deps, productId, { product: { name: 'Fluted tart tin', brand: 'Bakewell', price: '18.50', currency: 'EUR', availability: 'InStock' }, recipe: null, article: null });
    const workDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'closeup-video-'));
    try {
      const clip = await makeDemoVideo('desserts', 'closeup', '9:16', workDir);
      const media = await acceptMedia(deps, cook.actor, clip, { only: 'video', inline: true });
      videoId = (await createPin(deps, cook.actor, { board_id: board.id, media_id: media.id, title: 'Whisking the curd' })).pin.id;
    } finally {
      await fsp.rm(workDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('opens a recipe pin with its times, servings, rating and ingredients', async () => {
    const { context, page, problems } = await suite.visit(`/pin/${recipeId}/`);
    const recipe = page.getByRole('region', { name: 'Recipe' });
    await recipe.waitFor();
    expect(await recipe.getByRole('listitem').allTextContents()).toEqual(['4 lemons', '200 g butter', '3 eggs']);
    const facts = await recipe.locator('dl').innerText();
    expect(facts).toContain('1 hr 10 min');
    expect(facts).toContain('8 slices');
    expect(await recipe.innerText()).toContain('Rated 4.6 out of 5');
    expect(await page.getByText('From cook.example').count()).toBe(1);
    await screenshot(page, 'closeup-recipe');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('shows a product with its price, stock and the way to the shop', async () => {
    const { context, page, problems } = await suite.visit(`/pin/${productId}/`);
    const product = page.getByRole('region', { name: 'Fluted tart tin' });
    expect(await product.innerText()).toContain('€18.50');
    expect(await product.innerText()).toContain('In stock');
    expect(await product.getByRole('link', { name: 'Visit site' }).getAttribute('href')).toBe('https://cook.example/tin');
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('opens a video pin and plays it through HLS with its m:ss duration', async () => {
    const { context, page, problems } = await suite.visit(`/pin/${videoId}/`);
    const player = page.locator('[data-player-state]');
    expect(await player.getByText(/^0:0\d$/).count()).toBe(1);
    // Muted autoplay: the player loads the HLS playlist and reaches "playing" (state 4).
    await page.waitForFunction(() => Number(document.querySelector('[data-player-state]')?.getAttribute('data-player-state')) === 4, undefined, { timeout: 20_000 });
    const source = await page.locator('video').evaluate((video: HTMLVideoElement) => video.currentSrc);
    expect(source.startsWith('blob:') || source.endsWith('.m3u8')).toBe(true);
    await screenshot(page, 'closeup-video');
    await page.locator('video').evaluate((video: HTMLVideoElement) => {
      video.pause();
    });
    await page.waitForFunction(() => document.querySelector('[data-player-state]')?.getAttribute('data-player-state') === '5');
    expect(problems.messages).toEqual([]);
    await context.close();
  });
});
