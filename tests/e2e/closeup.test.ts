import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeDemoVideo } from '../../src/server/demo/video.ts';
import { acceptMedia, ingestImage } from '../../src/server/media/media.service.ts';
import { createPin } from '../../src/server/pins/pins.service.ts';
import type { Board } from '../../src/server/db/schema/boards-and-pins.ts';
import type { Deps } from '../../src/server/deps.ts';
import type { ProductData, ProductVariant, RichMetadata } from '../../src/shared/rich-metadata.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { chromiumAvailable, screenshot, VIEWPORTS } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { makeBoard, makeUser, type TestUser } from '../support/factories.ts';
import { openMemberPage } from '../support/members.ts';

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

/** A ProductGroup of three sizes with free shipping, as a shop's page declares it. */
function tinGroup(): ProductData {
  const variant = (size: string, price: string, availability: string): ProductVariant => ({
    name: `Fluted tart tin ${size}`,
    color: null,
    size,
    price,
    currency: 'EUR',
    availability,
  });
  return {
    name: 'Fluted tart tins',
    brand: 'Bakewell',
    price: '16.00',
    currency: 'EUR',
    availability: 'InStock',
    price_range: { low: '16.00', high: '21.00', currency: 'EUR' },
    shipping: { rate: '0', currency: 'EUR', handling_days: { min: 0, max: 1 }, transit_days: { min: 2, max: 4 } },
    variants: [variant('20 cm', '16.00', 'InStock'), variant('24 cm', '18.50', 'InStock'), variant('28 cm', '21.00', 'OutOfStock')],
  };
}

async function imagePin(deps: Deps, user: TestUser, board: Board, title: string, link?: string) {
  const png = await sharp({ create: { width: 500, height: 700, channels: 3, background: '#e1b12c' } })
    .png()
    .toBuffer();
  const media = await ingestImage(deps, user.actor, png, { inline: true });
  return (await createPin(deps, user.actor, { board_id: board.id, media_id: media.id, title, link })).pin;
}

describe.skipIf(!chromiumAvailable())('the pin closeup in a browser', () => {
  const suite = browserSuite();
  let recipeId = '';
  let productId = '';
  let groupId = '';
  let videoId = '';
  let cookId = '';
  const member = () => ({ browser: suite.browser, url: suite.url, deps: () => suite.server.server.deps });

  beforeAll(async () => {
    const deps = suite.server.server.deps;
    const cook = await makeUser(deps, 'Ada');
    cookId = cook.id;
    const board = await makeBoard(deps, cook, { name: 'Sunday baking' });
    recipeId = (await imagePin(deps, cook, board, 'Lemon tart', 'https://cook.example/tart')).id;
    const ingredients = ['4 lemons', '200 g butter', '3 eggs', '150 g sugar', '1 pinch of salt', '1 shortcrust pastry case'];
    const recipe = {
      name: 'Lemon tart',
      prep_time: 'PT20M',
      cook_time: 'PT50M',
      total_time: null,
      yield: '8 slices',
      ingredients,
      rating: { value: 4.6, count: 128 },
      diets: ['VegetarianDiet' as const],
    };
    await recordSource(deps, recipeId, { product: null, recipe, article: null });
    productId = (await imagePin(deps, cook, board, 'Tart tin', 'https://cook.example/tin')).id;
    // Stored before shipping and variants were read: the row has none of those fields.
    await recordSource(deps, productId, {
      product: { name: 'Fluted tart tin', brand: 'Bakewell', price: '18.50', currency: 'EUR', availability: 'InStock' },
      recipe: null,
      article: null,
    });
    groupId = (await imagePin(deps, cook, board, 'Tart tins', 'https://cook.example/tins')).id;
    await recordSource(deps, groupId, { product: tinGroup(), recipe: null, article: null });
    const workDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'closeup-video-'));
    try {
      const clip = await makeDemoVideo('desserts', 'closeup', '9:16', workDir);
      const media = await acceptMedia(deps, cook.actor, clip, { only: 'video', inline: true });
      videoId = (await createPin(deps, cook.actor, { board_id: board.id, media_id: media.id, title: 'Whisking the curd' })).pin.id;
    } finally {
      await fsp.rm(workDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('opens a recipe pin with its times, servings, rating, diets and ingredients by aisle, for visitors too', async () => {
    const { context, page, problems } = await suite.visit(`/pin/${recipeId}/`);
    const recipe = page.getByRole('region', { name: 'Recipe' });
    await recipe.waitFor();
    const facts = await recipe.locator('dl').innerText();
    expect(facts).toContain('1 hr 10 min');
    expect(facts).toContain('8 slices');
    expect(await recipe.innerText()).toContain('Rated 4.6 out of 5');
    expect(await recipe.getByRole('list', { name: 'Diets' }).innerText()).toBe('Vegetarian');
    expect(await recipe.getByRole('heading', { level: 4 }).allTextContents()).toEqual(['Produce', 'Dairy and eggs', 'Pantry', 'Spices', 'Bakery']);
    const aisle = (name: string) =>
      recipe
        .locator('div', { has: page.getByRole('heading', { name, level: 4 }) })
        .getByRole('listitem')
        .allTextContents();
    expect(await aisle('Dairy and eggs')).toEqual(['200 g butter', '3 eggs']);
    expect(await aisle('Bakery')).toEqual(['1 shortcrust pastry case']);
    expect(await page.getByText('From cook.example').count()).toBe(1);
    await recipe.scrollIntoViewIfNeeded();
    await screenshot(page, 'closeup-recipe');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('shows a visitor the product, its stock and the way to the shop, and asks them to log in for prices and shipping', async () => {
    const { context, page, problems } = await suite.visit(`/pin/${groupId}/`);
    const product = page.getByRole('region', { name: 'Fluted tart tins' });
    const text = await product.innerText();
    expect(text).toContain('In stock');
    expect(text).toContain('Log in to see prices and shipping');
    for (const memberOnly of ['€', 'Bakewell', 'Free shipping', 'Delivery', '24 cm']) expect(text).not.toContain(memberOnly);
    expect(await product.getByRole('table').count()).toBe(0);
    expect(await product.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(`/login?next=${encodeURIComponent(`/pin/${groupId}/`)}`);
    expect(await product.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(await product.getByRole('link', { name: 'Visit site' }).getAttribute('href')).toBe('https://cook.example/tins');
    // Search engines still read the offer in the page's JSON-LD.
    expect(await page.locator('script[type="application/ld+json"]').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('"OfferShippingDetails"')]),
    );
    await product.scrollIntoViewIfNeeded();
    await screenshot(page, 'closeup-product-visitor');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('shows a member the brand, price range, shipping and variants', async () => {
    const { page, problems, close } = await openMemberPage(member(), cookId, `/pin/${groupId}/`);
    const product = page.getByRole('region', { name: 'Fluted tart tins' });
    const text = await product.innerText();
    expect(text).toContain('Bakewell');
    expect(text).toContain('€16.00 – €21.00');
    expect(text).toContain('Free shipping · Delivery: 2–5 days');
    expect(text).not.toContain('Log in to see prices');
    const variants = product.getByRole('table', { name: 'Variants' });
    expect(await variants.getByRole('columnheader').allTextContents()).toEqual(['Size', 'Price', 'Stock']);
    expect(await variants.locator('tbody tr').allInnerTexts()).toEqual(['20 cm\t€16.00\tIn stock', '24 cm\t€18.50\tIn stock', '28 cm\t€21.00\tOut of stock']);
    await product.scrollIntoViewIfNeeded();
    await screenshot(page, 'closeup-product-member');
    expect(await accessibilityViolations(page)).toEqual([]);
    // On a phone the table keeps to the card's width.
    await page.setViewportSize(VIEWPORTS.phone);
    await variants.scrollIntoViewIfNeeded();
    const box = await variants.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? Infinity) <= VIEWPORTS.phone.width).toBe(true);
    await screenshot(page, 'closeup-product-member-phone');
    expect(problems.messages).toEqual([]);
    await close();
  });

  it('shows a member the price of a product stored before shipping and variants were read', async () => {
    const { page, problems, close } = await openMemberPage(member(), cookId, `/pin/${productId}/`);
    const product = page.getByRole('region', { name: 'Fluted tart tin' });
    const text = await product.innerText();
    expect(text).toContain('€18.50');
    expect(text).toContain('In stock');
    expect(await product.getByRole('table').count()).toBe(0);
    expect(await product.getByRole('link', { name: 'Visit site' }).getAttribute('href')).toBe('https://cook.example/tin');
    expect(problems.messages).toEqual([]);
    await close();
  });

  it('opens a video pin and plays it through HLS with its m:ss duration', async () => {
    const { context, page, problems } = await suite.visit(`/pin/${videoId}/`);
    const player = page.locator('[data-player-state]');
    expect(await player.getByText(/^0:0\d$/).count()).toBe(1);
    // Muted autoplay: the player loads the HLS playlist and reaches "playing" (state 4).
    await page.waitForFunction(() => Number(document.querySelector('[data-player-state]')?.getAttribute('data-player-state')) === 4, undefined, {
      timeout: 20_000,
    });
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
