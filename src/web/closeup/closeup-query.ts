import { closeupDetailVariables, closeupPageVariables, type CloseupViewer } from '../../shared/closeup-preload.ts';
import type { ReactionCounts } from '../../shared/reactions.ts';
import type { ResourceRequest } from '../../shared/resource-cache.ts';
import type { RichMetadata } from '../../shared/rich-metadata.ts';
import { runQuery } from '../api/graphql.ts';
import { storyPinDataOf, type GraphQLStoryPinData } from '../story/story-graphql.ts';
import type { ResourceStore } from '../data/resource-store.ts';
import type { InterestJson } from '../discovery/types.ts';
import { tilePin, type GraphQLPin } from './RelatedPins.tsx';
import { pinInterestsRequest } from './RelatedInterests.tsx';
import type { MediaVideo, PinJson } from '../pins/types.ts';

/** The pin page's main read: PinResource get {id}. */
export function pinRequest(id: string): ResourceRequest {
  return { name: 'PinResource', options: { id } };
}

type GraphQLVideo = MediaVideo;
type RelatedInterest = { id: string; name: string; slug: string; url: string; followerCount: number; isFollowed: boolean };

/** CloseupDetailQuery's pin beyond a tile's fields (src/server/graphql/persisted-queries.ts). */
export type CloseupDetailPin = GraphQLPin & {
  pinner: GraphQLPin['pinner'] & { imageMediumUrl: string | null; followerCount: number; explicitlyFollowedByMe: boolean; blockedByMe: boolean };
  videos: { seoViewCount: number; videoList: { v720P: GraphQLVideo | null; vHLSV4: GraphQLVideo | null } } | null;
  attribution: { authorName: string | null; authorUrl: string | null; providerName: string | null; url: string } | null;
  richMetadata: RichMetadata | null;
  /** Story pins only (left out by callers that build a pin without it). */
  storyPinData?: GraphQLStoryPinData | null;
  reactionCountsData: { reactionType: number; reactionCount: number }[];
  reactionByMe: number | null;
  pinJoin: { seoRelatedInterests: RelatedInterest[] };
  storyPinDataId: string | null;
};
type CloseupError = { __typename: 'Error'; code: string; message: string; httpStatus: number };
export type CloseupDetailAnswer = { closeupDetail: CloseupDetailPin | CloseupError };

function videosOf(videos: CloseupDetailPin['videos']): PinJson['videos'] {
  if (!videos) return null;
  const list: Record<string, MediaVideo> = {};
  if (videos.videoList.v720P) list['V_720P'] = videos.videoList.v720P;
  if (videos.videoList.vHLSV4) list['V_HLSV4'] = videos.videoList.vHLSV4;
  return { video_list: list, seo_view_count: videos.seoViewCount };
}

/** The closeup's pin as PinResource presents it, from the detail query's camel-case answer. */
export function closeupPin(pin: CloseupDetailPin): PinJson {
  const tile = tilePin(pin);
  const { pinner } = pin;
  const a = pin.attribution;
  const counts: ReactionCounts = Object.fromEntries(pin.reactionCountsData.map((r) => [String(r.reactionType), r.reactionCount]));
  return {
    ...tile,
    pinner: {
      ...tile.pinner,
      image_medium_url: pinner.imageMediumUrl,
      follower_count: pinner.followerCount,
      explicitly_followed_by_me: pinner.explicitlyFollowedByMe,
      blocked_by_me: pinner.blockedByMe,
    },
    videos: videosOf(pin.videos),
    attribution: a && { author_name: a.authorName, author_url: a.authorUrl, provider_name: a.providerName, url: a.url },
    rich_metadata: pin.richMetadata,
    story_pin_data: pin.storyPinData ? storyPinDataOf(pin.storyPinData) : null,
    reaction_counts: counts,
    reaction_by_me: pin.reactionByMe,
  };
}

export function relatedInterestsOf(pin: CloseupDetailPin): InterestJson[] {
  return pin.pinJoin.seoRelatedInterests.map((i) => ({
    type: 'interest',
    id: i.id,
    name: i.name,
    slug: i.slug,
    url: i.url,
    follower_count: i.followerCount,
    is_followed: i.isFollowed,
  }));
}

/**
 * Runs the closeup's page and detail queries (once for simultaneous callers, from the client's
 * cache of 100 answers kept 60 s) and puts the detail's pin, its related interests, or its Error
 * into the resource cache under the reads the pin page makes: the page then opens from the cache
 * without a request of its own. What the cache already holds stays (it may carry newer changes).
 */
export async function preloadCloseup(store: ResourceStore, pinId: string, viewer: CloseupViewer): Promise<void> {
  // The summary is preloaded as the spec asks; the page renders from the detail, so a failed summary changes nothing.
  runQuery('CloseupPageQuery', closeupPageVariables(pinId, viewer)).catch(() => undefined);
  const { closeupDetail: detail } = await runQuery<CloseupDetailAnswer>('CloseupDetailQuery', closeupDetailVariables(pinId, viewer));
  if (detail.__typename === 'Error') {
    store.seed(pinRequest(pinId), { error: { code: null, message: detail.message, httpStatus: detail.httpStatus } });
    return;
  }
  // A story pin's pages are not mapped from the query yet: its page asks PinResource instead.
  if (detail.storyPinDataId !== null) return;
  store.seed(pinRequest(pinId), { data: closeupPin(detail), bookmark: null });
  store.seed(pinInterestsRequest(pinId), { data: relatedInterestsOf(detail), bookmark: null });
}
