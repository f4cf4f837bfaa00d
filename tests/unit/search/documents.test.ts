import { describe, expect, it } from 'vitest';
import { boardDocument, inStockOf, pinDocument, priceOf, termDeltas, userDocument, type PinFacts } from '../../../src/server/search/documents.ts';
import { decodeSearchBookmark, encodeSearchBookmark } from '../../../src/server/search/search-bookmark.ts';

const NOW = 1_750_000_000_000;
const facts = (over: Partial<PinFacts['pin']> = {}, places: string[] = ['Desserts'], rich: unknown = null): PinFacts => ({
  pin: {
    id: '7',
    title: 'Crème Brûlée',
    description: 'The best custard',
    domain: 'www.example.com',
    kind: 'image',
    is_unsafe: 0,
    deleted_at: null,
    save_count: 3,
    created_at: NOW - 1000,
    ...over,
  },
  publicPlaces: places,
  richMetadata: rich === null ? null : JSON.stringify(rich),
  language: 'en',
});

describe("a pin's search document", () => {
  it('holds the stems of the folded words of its title, description and public places, its domain as written, and the words themselves', () => {
    const doc = pinDocument(facts(), NOW);
    expect(doc).toMatchObject({
      pin_id: '7',
      title: 'creme brule',
      description: 'the best custard',
      boards: 'dessert',
      domain: 'example com',
      is_public: 1,
      is_video: 0,
      is_product: 0,
      save_count: 3,
      created_at: NOW - 1000,
    });
    expect(doc?.terms.split(' ')).toEqual(['creme', 'brulee', 'desserts', 'best', 'custard']);
  });

  it('stems in the language of its creator', () => {
    const french = { ...facts({ title: 'Les gâteaux aux chevaux', description: '' }, ['Recettes']), language: 'fr' as const };
    expect(pinDocument(french, NOW)).toMatchObject({ title: 'le gateau aux cheval', boards: 'recet' });
    expect(pinDocument(french, NOW)?.terms).toBe('les gateaux aux chevaux recettes');
  });

  it('is listed only while a public board holds it and it is not unsafe; a deleted pin has none', () => {
    expect(pinDocument(facts({}, []), NOW)?.is_public).toBe(0);
    expect(pinDocument(facts({ is_unsafe: 1 }), NOW)?.is_public).toBe(0);
    expect(pinDocument(facts({ deleted_at: NOW }), NOW)).toBeNull();
  });

  it('takes product and recipe fields from the page it came from', () => {
    const doc = pinDocument(
      facts({ kind: 'video' }, [], {
        product: { name: 'Ramekin set', brand: 'Acme', price: '1,299.50', availability: 'https://schema.org/InStock' },
        recipe: { name: 'Custard', ingredients: ['Eggs', 'Cream'] },
      }),
      NOW,
    );
    expect(doc).toMatchObject({ product: 'ramekin set acm custard egg cream', is_product: 1, is_video: 1, price: 1299.5, in_stock: 1 });
  });

  it('ignores page data that is not what it should be', () => {
    expect(pinDocument({ ...facts(), richMetadata: '{not json' }, NOW)?.is_product).toBe(0);
    expect(pinDocument(facts({}, [], { product: { price: 12 } }), NOW)?.is_product).toBe(0);
    expect(priceOf('free')).toBeNull();
    expect(priceOf('-3')).toBeNull();
    expect(inStockOf('OutOfStock')).toBe(0);
    expect(inStockOf('http://schema.org/LimitedAvailability')).toBe(1);
    expect(inStockOf('Mystery')).toBeNull();
  });

  it('moves the vocabulary counts of listed pins only', () => {
    const before = { terms: 'cake pie', is_public: 1 as const };
    const after = { terms: 'cake tart', is_public: 1 as const };
    expect(Object.fromEntries(termDeltas([{ before, after }]))).toEqual({ pie: -1, tart: 1 });
    expect(Object.fromEntries(termDeltas([{ before, after: { ...after, is_public: 0 } }]))).toEqual({ cake: -1, pie: -1 });
    expect(Object.fromEntries(termDeltas([{ before: null, after: { terms: 'cake', is_public: 0 } }]))).toEqual({});
  });
});

describe('board and member documents', () => {
  it("keeps a board's name and description", () => {
    expect(boardDocument({ id: '1', name: 'Summer Cakes!', description: '' })).toEqual({ board_id: '1', name: 'summer cakes', description: '' });
  });

  it('finds a member by the words of their username, the username run together and their full name', () => {
    expect(userDocument({ id: '2', username: 'jane_doe', first_name: 'Jane', last_name: 'Dóe' })).toEqual({
      user_id: '2',
      username: 'jane doe janedoe',
      full_name: 'jane doe',
    });
    expect(userDocument({ id: '3', username: 'carla', first_name: 'Carla', last_name: '' }).username).toBe('carla carla');
  });
});

describe('search bookmarks', () => {
  it('carry the ranking time, the last item shown and whether the search was corrected', () => {
    const cursor = { rankedAt: NOW, last: { id: '12345', score: 0.123456789 }, corrected: true };
    expect(decodeSearchBookmark(encodeSearchBookmark(cursor))).toEqual(cursor);
    expect(decodeSearchBookmark(undefined)).toBeNull();
    expect(decodeSearchBookmark('-end-')).toBe('end');
  });

  it('refuse anything else as bad input', () => {
    for (const forged of ['x', Buffer.from('[1,"a","1"]').toString('base64url'), Buffer.from('[1,0.5,"1 or 1=1"]').toString('base64url')]) {
      expect(() => decodeSearchBookmark(forged)).toThrow(/bookmark/);
    }
  });
});

describe("a pin's vocabulary words", () => {
  it('hold no hashtag of words glued together, only the words of hashtags whose writer marked them', () => {
    const doc = pinDocument(facts({ title: 'Chocolate dessert table', description: 'Sweet spread #desserttable #MountainPass #road_trip #top10' }), NOW);
    const terms = doc?.terms.split(' ') ?? [];
    expect(terms).toEqual(expect.arrayContaining(['chocolate', 'dessert', 'table', 'sweet', 'spread', 'mountain', 'pass', 'road', 'trip', 'top', '10']));
    expect(terms).not.toContain('desserttable');
    expect(terms).not.toContain('mountainpass');
    expect(terms).not.toContain('roadtrip');
    expect(doc?.description.split(' ')).toContain('mountainpass');
  });
});
