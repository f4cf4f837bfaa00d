import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLString,
  type GraphQLFieldConfigMap,
} from 'graphql';
import { pinCommentCount } from '../comments/comments.repo.ts';
import { relatedInterests } from '../discovery/related-interests.ts';
import type { GraphQLContext } from './schema.ts';
import type { PinAttribution } from '../../shared/contracts/pin-sources.ts';
import type { PinJson } from '../../shared/contracts/pins.ts';
import type { InterestJson } from '../../shared/contracts/social.ts';
import type { MediaVideo } from '../../shared/contracts/media.ts';

/*
 * The closeup's fields of the spec's Pin (viewer spec section 3) beyond what a grid tile reads:
 * videos, attribution, rich metadata, reactions and the search-engine data. Added to PinType (pin-types.ts).
 */

const text = { type: new GraphQLNonNull(GraphQLString) };
const optionalText = { type: GraphQLString };
const flag = { type: new GraphQLNonNull(GraphQLBoolean) };

/** Rich metadata as the presenter holds it (src/shared/rich-metadata.ts): product, recipe, article. */
const JsonType = new GraphQLScalarType({
  name: 'JSON',
  description: 'A JSON value, as the REST presenter gives it.',
  serialize: (value) => value,
});

const VideoType = new GraphQLObjectType<MediaVideo>({
  name: 'Video',
  fields: {
    url: text,
    width: { type: new GraphQLNonNull(GraphQLInt) },
    height: { type: new GraphQLNonNull(GraphQLInt) },
    duration: { type: new GraphQLNonNull(GraphQLFloat), description: 'Milliseconds.' },
    thumbnail: optionalText,
  },
});

type VideoList = Record<string, MediaVideo>;

const VideosType = new GraphQLObjectType<{ video_list: VideoList; seo_view_count: number }>({
  name: 'Videos',
  fields: {
    seoViewCount: { type: new GraphQLNonNull(GraphQLInt), description: 'How often the video was watched.', resolve: (v) => v.seo_view_count },
    videoList: {
      type: new GraphQLNonNull(
        new GraphQLObjectType<VideoList>({
          name: 'VideoList',
          fields: {
            v720P: { type: VideoType, description: 'MP4, 720p.', resolve: (l) => l['V_720P'] ?? null },
            vHLSV4: { type: VideoType, description: 'HLS playlist.', resolve: (l) => l['V_HLSV4'] ?? null },
          },
        }),
      ),
      resolve: (v) => v.video_list,
    },
  },
});

const AttributionType = new GraphQLObjectType<PinAttribution>({
  name: 'Attribution',
  description: 'The web page a pin was made from.',
  fields: {
    authorName: { ...optionalText, resolve: (a) => a.author_name },
    authorUrl: { ...optionalText, resolve: (a) => a.author_url },
    ccUrl: { ...optionalText, resolve: (a) => a.cc_url },
    providerName: { ...optionalText, resolve: (a) => a.provider_name },
    url: text,
  },
});

type Crumb = { name: string; url: string };

const RelatedInterestType = new GraphQLObjectType<InterestJson>({
  name: 'RelatedInterest',
  description: 'A topic the pin belongs to.',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID) },
    name: text,
    slug: text,
    url: text,
    followerCount: { type: new GraphQLNonNull(GraphQLInt), resolve: (i) => i.follower_count },
    isFollowed: { ...flag, resolve: (i) => i.is_followed },
  },
});

const PinJoinType = new GraphQLObjectType<{ pinId: string; canonical: string; breadcrumbs: Crumb[] }, GraphQLContext>({
  name: 'PinJoin',
  fields: {
    seoRelatedInterests: {
      type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(RelatedInterestType))),
      description: 'The topics the pin belongs to, as the closeup links them.',
      resolve: (j, _args, { deps, actor }) => relatedInterests(deps, actor, j.pinId),
    },
    seoCanonicalUrl: { ...text, resolve: (j) => j.canonical },
    seoBreadcrumbs: {
      type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(new GraphQLObjectType<Crumb>({ name: 'Breadcrumb', fields: { name: text, url: text } })))),
      description: "The board's owner, the board: the way to the pin.",
      resolve: (j) => j.breadcrumbs,
    },
  },
});

/** Why search engines are asked not to index a pin: null when they may. */
export function seoNoindexReason(pin: Pick<PinJson, 'privacy' | 'is_unsafe'>): string | null {
  if (pin.privacy === 'secret') return 'secret';
  if (pin.is_unsafe) return 'unsafe';
  return null;
}

/** Meta descriptions are cut near this length, at a word. */
const SEO_DESCRIPTION_MAX = 160;

export function seoDescription(pin: Pick<PinJson, 'description' | 'grid_title'>): string {
  const words = (pin.description.trim() || pin.grid_title).replace(/\s+/g, ' ');
  if (words.length <= SEO_DESCRIPTION_MAX) return words;
  const cut = words.slice(0, SEO_DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), SEO_DESCRIPTION_MAX / 2))}…`;
}

function breadcrumbs(pin: PinJson, origin: string): Crumb[] {
  if (!pin.board) return [];
  const owner = pin.board.url.split('/')[1] ?? '';
  return [
    { name: owner, url: new URL(`/${owner}/`, origin).href },
    { name: pin.board.name, url: new URL(pin.board.url, origin).href },
  ];
}

type ReactionCount = { reactionType: number; reactionCount: number };

const ReactionCountType = new GraphQLObjectType<ReactionCount>({
  name: 'ReactionCount',
  fields: { reactionType: { type: new GraphQLNonNull(GraphQLInt), description: '1 is like.' }, reactionCount: { type: new GraphQLNonNull(GraphQLInt) } },
});

/** The spec's reactionCountsData: one entry per type anyone gave, by type. */
export function reactionCountsData(pin: Pick<PinJson, 'reaction_counts'>): ReactionCount[] {
  return Object.entries(pin.reaction_counts)
    .map(([type, count]) => ({ reactionType: Number(type), reactionCount: count }))
    .sort((a, b) => a.reactionType - b.reactionType);
}

const DidItDataType = new GraphQLObjectType<PinJson['aggregated_pin_data']['did_it_data']>({
  name: 'DidItData',
  description: 'How many members tried the pin, and how many of them showed a photo.',
  fields: {
    userCount: { type: new GraphQLNonNull(GraphQLInt), resolve: (d) => d.user_count },
    imagesCount: { type: new GraphQLNonNull(GraphQLInt), resolve: (d) => d.images_count },
  },
});

type AggregatedPinData = PinJson['aggregated_pin_data'] & { commentCount: number };

const AggregatedPinDataType = new GraphQLObjectType<AggregatedPinData>({
  name: 'AggregatedPinData',
  fields: {
    didItData: { type: new GraphQLNonNull(DidItDataType), resolve: (a) => a.did_it_data },
    commentCount: { type: new GraphQLNonNull(GraphQLInt), description: 'Comments and replies shown under the pin.' },
  },
});

export const closeupPinFields: GraphQLFieldConfigMap<PinJson, GraphQLContext> = {
  aggregatedPinData: {
    type: new GraphQLNonNull(AggregatedPinDataType),
    resolve: async (p, _args, { deps }): Promise<AggregatedPinData> => ({ ...p.aggregated_pin_data, commentCount: await pinCommentCount(deps.db, p.id) }),
  },
  doneByMe: { ...flag, description: 'The reader tried the pin.', resolve: (p) => p.done_by_me },
  isEligibleForAggregatedComments: {
    ...flag,
    description: 'The pin takes comments (its owner has not turned them off).',
    resolve: (p) => !p.comments_disabled,
  },
  reactionCountsData: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(ReactionCountType))), resolve: (p) => reactionCountsData(p) },
  reactionByMe: { type: GraphQLInt, description: "The reader's reaction type, if any.", resolve: (p) => p.reaction_by_me },
  videos: { type: VideosType, description: 'Video pins only.' },
  attribution: { type: AttributionType },
  richMetadata: { type: JsonType, description: 'The product, recipe or article of the source page.', resolve: (p) => p.rich_metadata },
  isUnsafe: { ...flag, resolve: (p) => p.is_unsafe },
  isHidden: { ...flag, description: 'The reader hid the pin from their feeds.', resolve: (p) => p.is_hidden },
  commentsDisabled: { ...flag, resolve: (p) => p.comments_disabled },
  seoTitle: { ...text, resolve: (p) => p.grid_title },
  seoDescription: { ...text, resolve: (p) => seoDescription(p) },
  seoUrl: { ...text, resolve: (p) => `/pin/${p.id}/` },
  seoNoindexReason: { ...optionalText, resolve: (p) => seoNoindexReason(p) },
  pinJoin: {
    type: new GraphQLNonNull(PinJoinType),
    resolve: (p, _args, { deps }) => {
      const origin = deps.config.publicUrl.origin;
      return { pinId: p.id, canonical: new URL(`/pin/${p.id}/`, origin).href, breadcrumbs: breadcrumbs(p, origin) };
    },
  },
};
