import { describe, expect, it } from 'vitest';
import { closeupPin, relatedInterestsOf } from '../../../src/web/closeup/closeup-query.ts';
import type { CloseupDetailPin } from '../../../src/shared/contracts/graphql.ts';

const video = (url: string) => ({ url, width: 720, height: 1280, duration: 4000, thumbnail: null });

const detail: CloseupDetailPin = {
  __typename: 'Pin',
  id: '42',
  entityId: '42',
  title: 'Lemon tart',
  gridTitle: 'Lemon tart',
  description: 'Sharp and sweet.',
  altText: '',
  link: 'https://cook.example/tart',
  domain: 'cook.example',
  createdAt: '2026-01-02T03:04:05.000Z',
  isVideo: true,
  dominantColor: '#e1b12c',
  placeholder: null,
  imageSignature: 'abc',
  images: [{ size: '736x', url: '/media/736x.jpg', width: 736, height: 1308, dominantColor: '#e1b12c' }],
  repinCount: 3,
  pinner: {
    id: '7',
    username: 'ada',
    fullName: 'Ada Oven',
    imageSmallUrl: '/a60.jpg',
    imageMediumUrl: '/a136.jpg',
    profileUrl: '/ada/',
    followerCount: 12,
    explicitlyFollowedByMe: true,
    blockedByMe: false,
  },
  board: { id: '5', name: 'Baking', url: '/ada/baking/', privacy: 'public' },
  pinnedToBoard: null,
  savedInfo: null,
  videos: { seoViewCount: 9, videoList: { v720P: video('/v.mp4'), vHLSV4: video('/v.m3u8') } },
  isUnsafe: false,
  isHidden: false,
  commentsDisabled: false,
  isEligibleForAggregatedComments: true,
  aggregatedPinData: { commentCount: 0, didItData: { userCount: 5, imagesCount: 2 } },
  attribution: { authorName: 'Ada Oven', authorUrl: null, ccUrl: null, providerName: 'cook.example', url: 'https://cook.example/tart' },
  richMetadata: null,
  reactionCountsData: [{ reactionType: 1, reactionCount: 4 }],
  reactionByMe: 1,
  doneByMe: true,
  seoTitle: 'Lemon tart',
  seoDescription: 'Sharp and sweet.',
  seoUrl: '/pin/42/',
  seoNoindexReason: null,
  pinJoin: {
    seoCanonicalUrl: 'https://corkboard.example/pin/42/',
    seoBreadcrumbs: [],
    seoRelatedInterests: [{ id: '3', name: 'Desserts', slug: 'desserts', url: '/ideas/desserts/3/', followerCount: 8, isFollowed: false }],
  },
  storyPinDataId: null,
  storyPinData: null,
};

/** Under the graph-query experiment the closeup opens from CloseupDetailQuery: the pin must read as PinResource's. */
describe('the closeup detail as the pin page reads it', () => {
  it('keeps the creator’s follow state, the renditions by their REST names, the views and the reactions', () => {
    const pin = closeupPin(detail);
    expect(pin).toMatchObject({
      type: 'pin',
      id: '42',
      title: 'Lemon tart',
      is_video: true,
      media_status: 'ready',
      repin_count: 3,
      images: { '736x': { url: '/media/736x.jpg', width: 736, height: 1308, dominant_color: '#e1b12c' } },
      pinner: {
        id: '7',
        username: 'ada',
        full_name: 'Ada Oven',
        image_medium_url: '/a136.jpg',
        follower_count: 12,
        explicitly_followed_by_me: true,
        blocked_by_me: false,
      },
      board: { id: '5', privacy: 'public' },
      videos: { seo_view_count: 9, video_list: { V_720P: video('/v.mp4'), V_HLSV4: video('/v.m3u8') } },
      attribution: { author_name: 'Ada Oven', provider_name: 'cook.example', url: 'https://cook.example/tart' },
      reaction_counts: { '1': 4 },
      reaction_by_me: 1,
      aggregated_pin_data: { did_it_data: { user_count: 5, images_count: 2 } },
      done_by_me: true,
    });
  });

  it('an image pin has no videos and no reactions when nobody reacted', () => {
    const pin = closeupPin({ ...detail, isVideo: false, videos: null, reactionCountsData: [], reactionByMe: null, attribution: null });
    expect(pin).toMatchObject({ videos: null, reaction_counts: {}, reaction_by_me: null, attribution: null });
  });

  it('the related interests read as PinInterestsResource presents topics', () => {
    expect(relatedInterestsOf(detail)).toEqual([
      { type: 'interest', id: '3', name: 'Desserts', slug: 'desserts', url: '/ideas/desserts/3/', follower_count: 8, is_followed: false },
    ]);
  });
});
