import { describe, expect, it } from 'vitest';
import { deliveryDays, hasMemberDetails, isFreeShipping, shownPriceRange } from '../../../src/shared/product.ts';
import type { ProductData, ShippingData } from '../../../src/shared/rich-metadata.ts';
import { pinStructuredData } from '../../../src/web/closeup/pin-seo.ts';
import { formatDays, formatPriceRange } from '../../../src/web/closeup/ProductDetails.tsx';
import type { PinJson } from '../../../src/web/pins/types.ts';

/** A product as rows stored before price ranges, shipping and variants were read have it. */
const OLD_ROW: ProductData = { name: 'Tart tin', brand: null, price: '18.50', currency: 'EUR', availability: 'InStock' };
const shipping = (changes: Partial<ShippingData> = {}): ShippingData => ({
  rate: '4.95',
  currency: 'EUR',
  handling_days: { min: 0, max: 1 },
  transit_days: { min: 2, max: 4 },
  ...changes,
});

describe('a product’s offer on the closeup', () => {
  it('reads rows stored before ranges, shipping and variants as having none', () => {
    expect(shownPriceRange(OLD_ROW)).toBeNull();
    expect(hasMemberDetails(OLD_ROW)).toBe(true);
    expect(hasMemberDetails({ ...OLD_ROW, price: null })).toBe(false);
    expect(hasMemberDetails({ ...OLD_ROW, price: null, variants: [] })).toBe(false);
    expect(hasMemberDetails({ ...OLD_ROW, price: null, shipping: shipping() })).toBe(true);
  });

  it('shows a price range only when its ends differ', () => {
    expect(shownPriceRange({ ...OLD_ROW, price_range: { low: '12', high: '30', currency: 'EUR' } })).toEqual({ low: '12', high: '30', currency: 'EUR' });
    expect(shownPriceRange({ ...OLD_ROW, price_range: { low: '32', high: '32', currency: 'EUR' } })).toBeNull();
  });

  it('calls shipping free at a zero rate, and adds handling and transit days', () => {
    expect(isFreeShipping(shipping({ rate: '0' }))).toBe(true);
    expect(isFreeShipping(shipping({ rate: '0.00' }))).toBe(true);
    expect(isFreeShipping(shipping())).toBe(false);
    expect(isFreeShipping(shipping({ rate: null }))).toBe(false);
    expect(deliveryDays(shipping())).toEqual({ min: 2, max: 5 });
    expect(deliveryDays(shipping({ handling_days: null }))).toEqual({ min: 2, max: 4 });
    expect(deliveryDays(shipping({ handling_days: null, transit_days: null }))).toBeNull();
  });

  it('writes ranges of prices and days in the reader’s language', () => {
    expect(formatPriceRange({ low: '12', high: '30', currency: 'EUR' }, 'en-US')).toBe('€12.00 – €30.00');
    expect(formatPriceRange({ low: '12', high: '30', currency: 'EUR' }, 'de-DE')).toBe('12,00–30,00\u00a0€');
    expect(formatPriceRange({ low: 'from 12', high: '30', currency: 'EUR' }, 'en-US')).toBe('from 12 EUR – €30.00');
    expect(formatDays(3, 3, 'en-US')).toBe('3 days');
    expect(formatDays(1, 1, 'en-US')).toBe('1 day');
    expect(formatDays(2, 5, 'en-US')).toBe('2–5 days');
  });
});

describe('search-engine data of a product', () => {
  const pin = (product: ProductData): PinJson => ({
    type: 'pin',
    id: '42',
    title: 'Tart tin',
    grid_title: 'Tart tin',
    description: '',
    alt_text: '',
    link: 'https://cook.example/tin',
    domain: 'cook.example',
    created_at: '2026-11-01T10:00:00.000Z',
    is_video: false,
    media_status: 'ready',
    images: null,
    videos: null,
    dominant_color: null,
    image_signature: null,
    placeholder: null,
    repin_count: 0,
    board: null,
    saved_info: null,
    pinned_to_board: null,
    privacy: null,
    attribution: null,
    pinner: {
      type: 'user',
      id: '7',
      entity_id: '7',
      username: 'ada',
      full_name: 'Ada',
      first_name: 'Ada',
      profile_url: '/ada/',
      image_small_url: null,
      image_medium_url: null,
      image_large_url: null,
      follower_count: 0,
      explicitly_followed_by_me: false,
      followed_by_me: false,
      blocked_by_me: false,
    },
    rich_metadata: { product, recipe: null, article: null },
  });
  const offerOf = (product: ProductData) => pinStructuredData(pin(product), 'Tart tin', 'https://cb.example')[0]?.['offers'];

  it('keeps the offer of rows stored before shipping was read as it was', () => {
    expect(offerOf(OLD_ROW)).toEqual({
      '@type': 'Offer',
      price: '18.50',
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      url: 'https://cook.example/tin',
    });
  });

  it('adds the shipping details when the page gave them', () => {
    expect(offerOf({ ...OLD_ROW, shipping: shipping({ rate: '0', handling_days: null }) })).toMatchObject({
      shippingDetails: {
        '@type': 'OfferShippingDetails',
        shippingRate: { '@type': 'MonetaryAmount', value: 0, currency: 'EUR' },
        deliveryTime: { '@type': 'ShippingDeliveryTime', transitTime: { '@type': 'QuantitativeValue', minValue: 2, maxValue: 4, unitCode: 'DAY' } },
      },
    });
    // A rate that is not a number, with no delivery time, says nothing a search engine can use.
    expect(offerOf({ ...OLD_ROW, shipping: shipping({ rate: 'ask us', handling_days: null, transit_days: null }) })).not.toHaveProperty('shippingDetails');
  });

  it('tells the diets of a recipe', () => {
    const recipe = {
      name: 'Lentil soup',
      prep_time: null,
      cook_time: null,
      total_time: null,
      yield: null,
      ingredients: [],
      rating: null,
      diets: ['VeganDiet' as const],
    };
    const items = pinStructuredData({ ...pin(OLD_ROW), rich_metadata: { product: null, recipe, article: null } }, 'Lentil soup', 'https://cb.example');
    expect(items[0]).toMatchObject({ '@type': 'Recipe', suitableForDiet: ['https://schema.org/VeganDiet'] });
  });
});
