import { closeupDetailVariables, closeupPageVariables, type CloseupViewer } from '../../shared/closeup-preload.ts';
import type { ReactionCounts } from '../../shared/reactions.ts';
import type { ResourceRequest } from '../../shared/resource-cache.ts';
import { runQuery } from '../api/graphql.ts';
import { storyPinDataOf } from '../story/story-graphql.ts';
import type { ResourceStore } from '../data/resource-store.ts';
import { tilePin } from './RelatedPins.tsx';
import { pinInterestsRequest } from './RelatedInterests.tsx';
import type { PinJson } from '../pins/types.ts';
import type { InterestJson } from '../../shared/contracts/social.ts';
import type { CloseupDetailPin } from '../../shared/contracts/graphql.ts';
import type { MediaVideo } from '../../shared/contracts/media.ts';

/** The pin page's main read: PinResource get {id}. */
export function pinRequest(id: string): ResourceRequest {
  return { name: 'PinResource', options: { id } };
}

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
      followed_by_me: pinner.explicitlyFollowedByMe,
      blocked_by_me: pinner.blockedByMe,
    },
    videos: videosOf(pin.videos),
    attribution: a && { author_name: a.authorName, author_url: a.authorUrl, provider_name: a.providerName, url: a.url },
    rich_metadata: pin.richMetadata,
    story_pin_data: pin.storyPinData ? storyPinDataOf(pin.storyPinData) : null,
    reaction_counts: counts,
    reaction_by_me: pin.reactionByMe,
    aggregated_pin_data: { did_it_data: { user_count: pin.aggregatedPinData.didItData.userCount, images_count: pin.aggregatedPinData.didItData.imagesCount } },
    done_by_me: pin.doneByMe,
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
  const { closeupDetail: detail } = await runQuery('CloseupDetailQuery', closeupDetailVariables(pinId, viewer));
  if (detail.__typename === 'Error') {
    store.seed(pinRequest(pinId), { error: { code: null, message: detail.message, httpStatus: detail.httpStatus } });
    return;
  }
  // A story pin's pages are not mapped from the query yet: its page asks PinResource instead.
  if (detail.storyPinDataId !== null) return;
  store.seed(pinRequest(pinId), { data: closeupPin(detail), bookmark: null });
  store.seed(pinInterestsRequest(pinId), { data: relatedInterestsOf(detail), bookmark: null });
}
