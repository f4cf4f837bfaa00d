import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Interest, Pin } from '../../../src/server/db/schema/boards-and-pins.ts';
import { ensureInterest } from '../../../src/server/social/topics.ts';
import type { TestApp, TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makeProductPin, makeUser, visitorClient, withCountedTestApp, type ProductFacts } from '../../support/factories.ts';
import { diptych, indexCaughtUp, photo, pinOfPicture, visualSearchAs } from './helpers.ts';

describe.each(databaseKinds)('shopping a crop on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app), 'at the end');
  let visitor: TestClient;
  let both: Pin;
  let lamps: Interest;
  const products = new Map<string, Pin>();
  const plain: Pin[] = [];
  let secretProduct: Pin;

  const lampOffers: [string, ProductFacts][] = [
    ['Brass table lamps', { price: '40.00', availability: 'https://schema.org/InStock', domain: 'lamps.example.com' }],
    ['Linen table lamps', { price: '55.50', availability: 'InStock', domain: 'www.lamps.example.com' }],
    ['Glass pendant', { price: '120', availability: 'OutOfStock', domain: 'lights.example.org' }],
    ['Rattan table lamps', { price: '1,299.00', availability: 'InStock', domain: 'decor.example.net' }],
    ['Paper lantern', { price: '12', availability: 'PreOrder', domain: 'lamps.example.com' }],
    ['Clay vase', { price: '30', availability: 'InStock', domain: 'pots.example.com' }],
  ];

  beforeAll(async () => {
    const shop = await makeUser(t.deps, 'shop');
    const board = await makeBoard(t.deps, shop, { name: 'Catalogue' });
    // Halves of the room's own size: the crop of its right half is that picture, unscaled.
    const right = await photo(102, 320, 480);
    both = await pinOfPicture(t.deps, shop, board, await diptych(await photo(101, 320, 480), right), 'Room');
    for (const [i, [title, product]] of lampOffers.entries()) {
      const picture = await sharp(right)
        .resize({ width: 300 - i * 30 })
        .jpeg({ quality: 80 - i * 5 })
        .toBuffer();
      products.set(title, await makeProductPin(t.deps, shop, board, title, product, picture));
    }
    for (let seed = 1; seed <= 3; seed++) plain.push(await pinOfPicture(t.deps, shop, board, right, `Not for sale ${seed}`));
    const stranger = await makeUser(t.deps, 'stranger');
    const secretBoard = await makeBoard(t.deps, stranger, { privacy: 'secret' });
    secretProduct = await makeProductPin(
      t.deps,
      stranger,
      secretBoard,
      'Secret table lamps',
      { price: '9999', availability: 'InStock', domain: 'secret-shop.example.com' },
      right,
    );
    lamps = await ensureInterest(t.deps.db, 'Table lamps', 'table-lamps');
    await ensureInterest(t.deps.db, 'Garden furniture', 'garden-furniture');
    visitor = await visitorClient(t);
    await indexCaughtUp(t, [both.id, secretProduct.id, ...plain.map((p) => p.id), ...[...products.values()].map((p) => p.id)]);
  }, 120_000);

  const crop = { x: 0.5, y: 0, w: 0.5, h: 1 };
  const titles = (data: { results: { title: string }[] }) => data.results.map((r) => r.title).sort();
  const sorted = (list: string[]) => [...list].sort();

  it('finds only products, nearest first, with the filters their pages allow', async () => {
    const { data } = await visualSearchAs(visitor, { pin_id: both.id, crop, is_shopping: true });
    expect(titles(data)).toEqual(sorted(lampOffers.map(([title]) => title)));
    expect(data.price_filters).toEqual({
      min: 12,
      max: 1299,
      currency: 'USD',
      ranges: [
        { price_min: 12, price_max: 30 },
        { price_min: 30, price_max: 56 },
        { price_min: 56, price_max: 120 },
        { price_min: 120, price_max: 1299 },
      ],
    });
    // The commonest shop first (www. folded), then the others in the order of their nearest pin.
    expect(data.domain_filters[0]).toEqual({ domain: 'lamps.example.com' });
    expect(data.domain_filters.map((d) => d.domain).sort()).toEqual(['decor.example.net', 'lamps.example.com', 'lights.example.org', 'pots.example.com']);
    expect(data.category_filters).toEqual([{ id: lamps.id, name: 'Table lamps', url: `/ideas/table-lamps/${lamps.id}/` }]);
  });

  it("offers nothing the reader may not see: a secret board's product adds no price, shop or result", async () => {
    const { data } = await visualSearchAs(visitor, { pin_id: both.id, crop, is_shopping: true });
    expect(data.results.map((r) => r.id)).not.toContain(secretProduct.id);
    // 9999 alone, not within an id or a file's hash (either holds "9999" now and then).
    expect(JSON.stringify(data)).not.toMatch(/secret-shop|(?<![\dA-Za-z])9,?999(?![\dA-Za-z])/);
  });

  it('narrows by price, shop, stock and category, still offering every filter', async () => {
    const search = async (extra: Record<string, unknown>) => (await visualSearchAs(visitor, { pin_id: both.id, crop, is_shopping: true, ...extra })).data;
    expect(titles(await search({ appliedProductFilters: { price_min: 30, price_max: 60 } }))).toEqual(
      sorted(['Brass table lamps', 'Linen table lamps', 'Clay vase']),
    );
    expect(titles(await search({ appliedProductFilters: { domains: ['lamps.example.com'] } }))).toEqual(
      sorted(['Brass table lamps', 'Linen table lamps', 'Paper lantern']),
    );
    expect(titles(await search({ appliedProductFilters: { in_stock: false } }))).toEqual(sorted(['Glass pendant', 'Paper lantern']));
    const inCategory = await search({ category_id: lamps.id, appliedProductFilters: { in_stock: true } });
    expect(titles(inCategory)).toEqual(sorted(['Brass table lamps', 'Linen table lamps', 'Rattan table lamps']));
    expect(inCategory.domain_filters).toHaveLength(4);
  });

  it('without shopping, products and other pins alike, and no filters', async () => {
    const { data } = await visualSearchAs(visitor, { pin_id: both.id, crop });
    expect(titles(data)).toEqual(sorted([...lampOffers.map(([title]) => title), 'Not for sale 1', 'Not for sale 2', 'Not for sale 3']));
    expect(data).toMatchObject({ price_filters: null, domain_filters: [], category_filters: [] });
  });
});
