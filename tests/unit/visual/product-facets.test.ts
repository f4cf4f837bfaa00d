import { describe, expect, it } from 'vitest';
import { categoryFilters, domainFilters, passes, priceFilters, productFacts, type ProductFacts } from '../../../src/server/visual/product-facets.ts';

const facts = (price: number | null, domain: string | null, terms = '', inStock: 0 | 1 | null = 1): ProductFacts => ({
  price,
  currency: 'USD',
  inStock,
  domain,
  terms: new Set(terms.split(' ')),
});

describe('the shopping filters of a visual search', () => {
  it("reads a product from its page's schema.org data as the search index does", () => {
    const rich = JSON.stringify({ product: { name: 'Lamp', price: '1,299.00', currency: 'EUR', availability: 'https://schema.org/InStock' }, recipe: null });
    expect(productFacts(rich, 'WWW.Shop.example.com', 'brass lamp')).toEqual({
      price: 1299,
      currency: 'EUR',
      inStock: 1,
      domain: 'shop.example.com',
      terms: new Set(['brass', 'lamp']),
    });
    expect(productFacts(JSON.stringify({ product: null, recipe: { name: 'Soup' } }), null, null)).toBeNull();
    expect(productFacts('not json', null, null)).toBeNull();
    expect(productFacts(JSON.stringify({ product: { price: 'ask us', availability: 'SoldOut' } }), null, null)).toMatchObject({
      price: null,
      inStock: 0,
      currency: null,
    });
  });

  it('cuts prices at their quartiles into whole-unit ranges without repeats', () => {
    expect(priceFilters([facts(12, null), facts(30, null), facts(40, null), facts(55.5, null), facts(120, null), facts(1299, null)])).toEqual({
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
    expect(priceFilters([facts(10, null), facts(10, null), facts(10.2, null)])).toEqual({
      min: 10,
      max: 11,
      currency: 'USD',
      ranges: [{ price_min: 10, price_max: 11 }],
    });
    expect(priceFilters([facts(5, null)])).toEqual({ min: 5, max: 5, currency: 'USD', ranges: [{ price_min: 5, price_max: 5 }] });
    expect(priceFilters([facts(null, 'a.com')])).toBeNull();
  });

  it('offers shops most common first, and categories whose every word the products hold', () => {
    const products = [facts(1, 'b.com', 'table lamp brass'), facts(1, 'a.com', 'floor lamp'), facts(1, 'a.com', 'table lamp linen'), facts(1, null, 'vase')];
    expect(domainFilters(products)).toEqual([{ domain: 'a.com' }, { domain: 'b.com' }]);
    const topics = [
      { id: '1', name: 'Floor lamp', slug: 'floor-lamp' },
      { id: '2', name: 'Table lamp', slug: 'table-lamp' },
      { id: '3', name: 'The garden', slug: 'garden' },
    ];
    expect(categoryFilters(products, topics)).toEqual([
      { id: '2', name: 'Table lamp', url: '/ideas/table-lamp/2/' },
      { id: '1', name: 'Floor lamp', url: '/ideas/floor-lamp/1/' },
    ]);
  });

  it('passes a product only through every applied filter', () => {
    const lamp = facts(40, 'lamps.example.com', 'table lamp', 1);
    expect(passes(lamp, undefined, null)).toBe(true);
    expect(passes(lamp, { price_min: 40, price_max: 40 }, null)).toBe(true);
    expect(passes(lamp, { price_min: 41 }, null)).toBe(false);
    expect(passes(lamp, { price_max: 39.99 }, null)).toBe(false);
    expect(passes(lamp, { in_stock: false }, null)).toBe(false);
    expect(passes(lamp, { domains: ['www.LAMPS.example.com'] }, null)).toBe(true);
    expect(passes(lamp, { domains: ['other.example.com'] }, null)).toBe(false);
    expect(passes(lamp, {}, { id: '1', name: 'Table lamp', slug: 't' })).toBe(true);
    expect(passes(lamp, {}, { id: '1', name: 'Floor lamp', slug: 'f' })).toBe(false);
    expect(passes(facts(null, null, '', null), { price_min: 0 }, null)).toBe(false);
    expect(passes(facts(null, null, '', null), { in_stock: true }, null)).toBe(false);
  });
});
