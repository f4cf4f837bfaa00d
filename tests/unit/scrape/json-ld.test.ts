import { describe, expect, it } from 'vitest';
import { MAX_VARIANTS } from '../../../src/server/scrape/json-ld-product.ts';
import { readJsonLd } from '../../../src/server/scrape/json-ld.ts';

const read = (...items: unknown[]) => readJsonLd(items.map((item) => JSON.stringify(item)));
const offer = (changes: Record<string, unknown> = {}) => ({
  '@type': 'Offer',
  price: '18.50',
  priceCurrency: 'EUR',
  availability: 'https://schema.org/InStock',
  ...changes,
});
const product = (offers: unknown, changes: Record<string, unknown> = {}) =>
  read({ '@context': 'https://schema.org', '@type': 'Product', name: 'Tart tin', offers, ...changes }).product;

describe('JSON-LD products: shipping (OfferShippingDetails)', () => {
  it('reads the rate with its currency and the handling and transit days', () => {
    const shippingDetails = {
      '@type': 'OfferShippingDetails',
      shippingRate: { '@type': 'MonetaryAmount', value: 4.95, currency: 'eur' },
      deliveryTime: {
        '@type': 'ShippingDeliveryTime',
        handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 1, unitCode: 'DAY' },
        transitTime: { '@type': 'QuantitativeValue', minValue: '2', maxValue: '4', unitCode: 'd' },
      },
    };
    expect(product(offer({ shippingDetails }))?.shipping).toEqual({
      rate: '4.95',
      currency: 'EUR',
      handling_days: { min: 0, max: 1 },
      transit_days: { min: 2, max: 4 },
    });
  });

  it('keeps a zero rate (free shipping), takes the offer currency when the rate has none, and one bound as both', () => {
    const shippingDetails = [{ shippingRate: { value: 0 }, deliveryTime: { transitTime: { maxValue: 3 } } }];
    expect(product(offer({ shippingDetails }))?.shipping).toEqual({ rate: '0', currency: 'EUR', handling_days: null, transit_days: { min: 3, max: 3 } });
  });

  it('skips regions marked doesNotShip and reads shipping from the offers an AggregateOffer holds', () => {
    const aggregate = {
      '@type': 'AggregateOffer',
      lowPrice: 12,
      highPrice: 30,
      priceCurrency: 'USD',
      offers: [offer({ shippingDetails: [{ doesNotShip: true, shippingRate: { value: 99 } }, { shippingRate: { value: '5', currency: 'USD' } }] })],
    };
    expect(product(aggregate)?.shipping).toEqual({ rate: '5', currency: 'USD', handling_days: null, transit_days: null });
  });

  it('drops delivery times in other units, negative, fractional, reversed or beyond a year', () => {
    for (const transitTime of [
      { minValue: 2, maxValue: 4, unitCode: 'HUR' },
      { minValue: -1, maxValue: 4 },
      { minValue: 1.5, maxValue: 2.5 },
      { minValue: 5, maxValue: 2 },
      { minValue: 400, maxValue: 500 },
      { minValue: 'soon', maxValue: [] },
      'two days',
    ]) {
      expect(product(offer({ shippingDetails: { deliveryTime: { transitTime } } }))?.shipping).toBeNull();
    }
  });

  it('has no shipping when the details are of the wrong shape or say nothing', () => {
    for (const shippingDetails of ['free', 42, [], [null, 'x'], {}, { shippingRate: 'free', deliveryTime: 3 }]) {
      expect(product(offer({ shippingDetails }))?.shipping).toBeNull();
    }
  });
});

describe('JSON-LD products: price ranges (AggregateOffer)', () => {
  it('reads lowPrice and highPrice as the range, the low end as the price, availability from the inner offers', () => {
    const aggregate = {
      '@type': 'AggregateOffer',
      lowPrice: '12.00',
      highPrice: '30.00',
      priceCurrency: 'gbp',
      offerCount: 3,
      offers: [{ '@type': 'Offer', availability: 'https://schema.org/PreOrder' }],
    };
    expect(product(aggregate)).toMatchObject({
      price: '12.00',
      currency: 'GBP',
      availability: 'PreOrder',
      price_range: { low: '12.00', high: '30.00', currency: 'GBP' },
    });
  });

  it('has no range with a single offer or a missing high end', () => {
    expect(product(offer())?.price_range).toBeNull();
    expect(product({ '@type': 'AggregateOffer', lowPrice: 12, priceCurrency: 'EUR' })).toMatchObject({ price: '12', price_range: null });
  });
});

describe('JSON-LD products: variants (ProductGroup hasVariant)', () => {
  const variant = (name: string, color: unknown, size: unknown, price: number, availability = 'https://schema.org/InStock') => ({
    '@type': 'Product',
    name,
    color,
    size,
    offers: { '@type': 'Offer', price, priceCurrency: 'EUR', availability },
  });

  it('reads each variant’s name, colour, size, price and stock, and the group’s span of prices', () => {
    const group = {
      '@type': 'ProductGroup',
      name: 'Linen apron',
      brand: { '@type': 'Brand', name: 'Flax & Co' },
      variesBy: ['https://schema.org/color'],
      hasVariant: [
        variant('Apron, sage, S', 'Sage', 'S', 32),
        variant('Apron, rust, M', ['Rust'], { '@type': 'SizeSpecification', name: 'M' }, 28, 'https://schema.org/OutOfStock'),
      ],
    };
    expect(read(group).product).toEqual({
      name: 'Linen apron',
      brand: 'Flax & Co',
      price: null,
      currency: null,
      availability: null,
      shipping: null,
      price_range: { low: '28', high: '32', currency: 'EUR' },
      variants: [
        { name: 'Apron, sage, S', color: 'Sage', size: 'S', price: '32', currency: 'EUR', availability: 'InStock' },
        { name: 'Apron, rust, M', color: 'Rust', size: 'M', price: '28', currency: 'EUR', availability: 'OutOfStock' },
      ],
    });
  });

  it('follows @id references to variants listed elsewhere in the @graph, and prefers the group over its variants', () => {
    const page = read({
      '@context': 'https://schema.org',
      '@graph': [
        { '@id': '#sage', ...variant('Sage apron', 'Sage', null, 32) },
        { '@id': '#group', '@type': 'ProductGroup', name: 'Linen apron', hasVariant: [{ '@id': '#sage' }, { '@id': '#missing' }, { '@id': '#rust' }] },
        { '@id': '#rust', ...variant('Rust apron', 'Rust', null, 32) },
      ],
    });
    expect(page.product?.name).toBe('Linen apron');
    expect(page.product?.variants?.map((v) => v.color)).toEqual(['Sage', 'Rust']);
    // One price across the variants is no range.
    expect(page.product?.price_range).toEqual({ low: '32', high: '32', currency: 'EUR' });
  });

  it('gives no range across variants priced in different currencies', () => {
    const group = {
      '@type': 'ProductGroup',
      hasVariant: [variant('A', 'Red', null, 10), { ...variant('B', 'Blue', null, 12), offers: { price: 12, priceCurrency: 'USD' } }],
    };
    expect(read(group).product?.price_range).toBeNull();
  });

  it('skips variants that are not products or say nothing, and reads at most MAX_VARIANTS of a huge list', () => {
    const junk = read({
      '@type': 'ProductGroup',
      hasVariant: ['#a', 7, null, { '@type': 'Offer', price: 1 }, { '@type': 'Product' }, { '@type': 'Product', color: { evil: true } }],
    });
    expect(junk.product?.variants).toEqual([]);
    const huge = Array.from({ length: 100_000 }, (_, i) => variant(`Size ${i}`, 'Red', String(i), i));
    const started = performance.now();
    const page = read({ '@type': 'ProductGroup', name: 'Socks', hasVariant: huge });
    expect(page.product?.variants).toHaveLength(MAX_VARIANTS);
    expect(page.product?.variants?.at(-1)?.size).toBe(String(MAX_VARIANTS - 1));
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('bounds the length of every variant text', () => {
    const long = 'x'.repeat(5_000);
    const [read1] = read({ '@type': 'ProductGroup', hasVariant: [variant(long, long, long, 1)] }).product?.variants ?? [];
    expect(read1?.name?.length).toBe(300);
    expect(read1?.color?.length).toBe(100);
    expect(read1?.size?.length).toBe(100);
  });
});

describe('JSON-LD recipes: diets (suitableForDiet)', () => {
  const diets = (suitableForDiet: unknown) => read({ '@type': 'Recipe', name: 'Lentil soup', suitableForDiet }).recipe?.diets;

  it('reads the RestrictedDiet values in any spelling of the schema.org name, once each', () => {
    expect(
      diets([
        'https://schema.org/VeganDiet',
        'http://schema.org/GlutenFreeDiet',
        'schema:LowSaltDiet',
        'vegetarianDiet',
        { '@id': 'https://schema.org/HalalDiet' },
        'VeganDiet',
      ]),
    ).toEqual(['VeganDiet', 'GlutenFreeDiet', 'LowSaltDiet', 'VegetarianDiet', 'HalalDiet']);
    expect(diets('https://schema.org/KosherDiet')).toEqual(['KosherDiet']);
  });

  it('drops diets schema.org does not name and values of the wrong type', () => {
    expect(diets(['https://schema.org/PaleoDiet', 'Vegan', 42, null, { name: 'VeganDiet' }, ['VeganDiet']])).toEqual(['VeganDiet']);
    expect(diets(undefined)).toEqual([]);
    expect(diets({ evil: true })).toEqual([]);
  });

  it('looks at a bounded part of a huge list', () => {
    const huge = [...Array.from({ length: 100_000 }, () => 'https://schema.org/PaleoDiet'), 'https://schema.org/VeganDiet'];
    expect(diets(huge)).toEqual([]);
  });
});

describe('JSON-LD ratings', () => {
  it('has no rating when the value is missing rather than a rating of 0', () => {
    expect(read({ '@type': 'Recipe', aggregateRating: { ratingCount: 12 } }).recipe?.rating).toBeNull();
    expect(read({ '@type': 'Recipe', aggregateRating: { ratingValue: 0, ratingCount: 'many' } }).recipe?.rating).toEqual({ value: 0, count: null });
  });
});
