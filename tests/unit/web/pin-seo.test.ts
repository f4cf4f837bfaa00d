import { describe, expect, it } from 'vitest';
import { isoDuration, pinPreview, pinStructuredData } from '../../../src/web/closeup/pin-seo.ts';
import type { PinJson } from '../../../src/web/pins/types.ts';

const image = { url: 'https://cb.example/media/img/1/736x-a.jpg', width: 736, height: 1104, dominant_color: '#aa8844' };

function pin(changes: Partial<PinJson> = {}): PinJson {
  return {
    type: 'pin',
    id: '42',
    title: 'Lemon tart',
    grid_title: 'Lemon tart',
    description: 'Sharp and sweet',
    alt_text: '',
    link: 'https://bake.example/tart',
    domain: 'bake.example',
    created_at: '2026-11-01T10:00:00.000Z',
    is_video: false,
    media_status: 'ready',
    images: { '736x': image },
    videos: null,
    dominant_color: '#aa8844',
    image_signature: null,
    placeholder: null,
    repin_count: 0,
    pinner: {
      type: 'user',
      id: '7',
      entity_id: '7',
      username: 'baker',
      full_name: 'Bea Baker',
      first_name: 'Bea',
      profile_url: '/baker/',
      image_small_url: null,
      image_medium_url: null,
      image_large_url: null,
      follower_count: 0,
      explicitly_followed_by_me: false,
      followed_by_me: false,
      blocked_by_me: false,
    },
    board: { id: '9', name: 'Tarts', url: '/baker/tarts/', privacy: 'public' },
    saved_info: null,
    pinned_to_board: null,
    privacy: null,
    attribution: { author_name: 'Bea Baker', author_url: null, provider_name: 'bake.example', url: 'https://bake.example/tart' },
    rich_metadata: null,
    ...changes,
  };
}

describe('search-engine data of a pin', () => {
  it('writes durations the ISO 8601 way', () => {
    expect(isoDuration(83_000)).toBe('PT1M23S');
    expect(isoDuration(3_600_000)).toBe('PT1H');
    expect(isoDuration(400)).toBe('PT0S');
    expect(isoDuration(0)).toBe('PT0S');
  });

  it('previews the pin with its 736 image; the description falls back to its name', () => {
    expect(pinPreview(pin(), 'Lemon tart')).toEqual({
      description: 'Sharp and sweet',
      type: 'article',
      image: { url: image.url, width: 736, height: 1104, alt: 'Lemon tart' },
    });
    expect(pinPreview(pin({ description: '  ', is_video: true, images: null }), 'Lemon tart')).toEqual({
      description: 'Lemon tart',
      type: 'video.other',
      image: undefined,
    });
  });

  it('describes a recipe with its times, yield, ingredients, rating and author', () => {
    const recipe = {
      name: 'Tarte au citron',
      prep_time: 'PT20M',
      cook_time: null,
      total_time: 'PT1H',
      yield: '8',
      ingredients: ['4 lemons', 'butter'],
      rating: { value: 4.5, count: 12 },
    };
    const items = pinStructuredData(pin({ rich_metadata: { product: null, recipe, article: null } }), 'Lemon tart', 'https://cb.example');
    expect(items.map((i) => i['@type'])).toEqual(['BreadcrumbList', 'Recipe']);
    expect(items[1]).toEqual({
      '@type': 'Recipe',
      name: 'Tarte au citron',
      image: image.url,
      description: 'Sharp and sweet',
      author: { '@type': 'Person', name: 'Bea Baker' },
      prepTime: 'PT20M',
      totalTime: 'PT1H',
      recipeYield: '8',
      recipeIngredient: ['4 lemons', 'butter'],
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 12 },
    });
  });

  it('describes a video pin with its upload date, duration, file and views; a product without a price has no offer', () => {
    const video = { url: 'https://cb.example/media/vid/1/720p.mp4', width: 720, height: 1280, duration: 95_000, thumbnail: 'https://cb.example/t.jpg' };
    const product = { name: null, brand: null, price: null, currency: null, availability: null };
    const items = pinStructuredData(
      pin({
        is_video: true,
        videos: { video_list: { V_720P: video }, seo_view_count: 1234 },
        board: null,
        rich_metadata: { product, recipe: null, article: null },
      }),
      'Lemon tart',
      'https://cb.example',
    );
    expect(items).toEqual([
      { '@type': 'Product', name: 'Lemon tart', image: image.url, description: 'Sharp and sweet' },
      {
        '@type': 'VideoObject',
        name: 'Lemon tart',
        description: 'Sharp and sweet',
        uploadDate: '2026-11-01T10:00:00.000Z',
        duration: 'PT1M35S',
        contentUrl: video.url,
        thumbnailUrl: 'https://cb.example/t.jpg',
        interactionStatistic: { '@type': 'InteractionCounter', interactionType: { '@type': 'WatchAction' }, userInteractionCount: 1234 },
      },
    ]);
  });
});
