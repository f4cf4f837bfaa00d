import { z } from 'zod';
import { BoardPrivacy } from './boards.ts';
import { RichMetadata } from './pin-sources.ts';

/*
 * The persisted GraphQL queries (src/server/graphql/persisted-queries.ts): for each, the variables
 * it takes, as graphql-js coerces them (never stricter, so what the route refuses graphql-js would
 * refuse too), and the `data` it answers, exactly the selection of its document (camel case).
 * Nullability follows the schema (src/server/graphql/*-types.ts).
 */

export type GraphQLQueryContract = { name: string; variables: z.ZodType<Record<string, unknown>>; data: z.ZodType };

export function graphqlContract<const C extends GraphQLQueryContract>(contract: C): C {
  return contract;
}

/** GraphQL's ID as a variable: a string, or an integer it turns into one. */
const IdVariable = z.union([z.string(), z.int()]);
const optional = <T extends z.ZodType>(schema: T) => schema.nullish();

// Fragments (src/server/graphql/fragments.ts), each shape once.

const ImageSize = z.object({ size: z.string(), url: z.string(), width: z.number(), height: z.number(), dominantColor: z.string().nullable() });
export type GraphQLImage = z.infer<typeof ImageSize>;

const UserCard = z.object({ id: z.string(), username: z.string(), fullName: z.string(), imageSmallUrl: z.string().nullable(), profileUrl: z.string() });

/** A board on a pin; a recommendation reason's board has no privacy (null). */
const PinBoard = z.object({ id: z.string(), name: z.string(), url: z.string(), privacy: BoardPrivacy.nullable() });
export type GraphQLBoard = z.infer<typeof PinBoard>;

const PinSummary = z.object({
  id: z.string(),
  title: z.string(),
  gridTitle: z.string(),
  description: z.string(),
  isVideo: z.boolean(),
  dominantColor: z.string().nullable(),
  placeholder: z.string().nullable(),
});

/** A grid tile's pin (fragment PinTile). */
export const PinTile = PinSummary.extend({
  entityId: z.string(),
  altText: z.string(),
  link: z.string().nullable(),
  domain: z.string().nullable(),
  createdAt: z.string(),
  imageSignature: z.string().nullable(),
  images: z.array(ImageSize).nullable(),
  repinCount: z.number(),
  pinner: UserCard,
  board: PinBoard.nullable(),
  pinnedToBoard: PinBoard.nullable(),
  savedInfo: z
    .object({ boardId: z.string(), localPinId: z.string(), sectionId: z.string().nullable(), title: z.string(), type: z.string(), url: z.string() })
    .nullable(),
});
export type GraphQLPin = z.infer<typeof PinTile>;

const StoryBlock = z.object({
  type: z.string(),
  text: z.string().nullable(),
  heading: z.string().nullable(),
  items: z.array(z.string()).nullable(),
  url: z.string().nullable(),
  size: z.number().nullable(),
  color: z.string().nullable(),
  highlight: z.string().nullable(),
  textCase: z.string().nullable(),
  align: z.string().nullable(),
  vertical: z.string().nullable(),
  edits: z.object({ left: z.number(), top: z.number(), scale: z.number(), rotate: z.number() }).nullable(),
  mediaId: z.string().nullable(),
  status: z.string().nullable(),
  images: z.array(ImageSize).nullable(),
  video: z
    .object({ url: z.string(), hlsUrl: z.string().nullable(), width: z.number(), height: z.number(), duration: z.number(), thumbnail: z.string().nullable() })
    .nullable(),
});
export type GraphQLStoryBlock = z.infer<typeof StoryBlock>;

/** Pin.storyPinData as fragment StoryPin selects it. */
const StoryPinData = z.object({
  id: z.string(),
  pageCount: z.number(),
  staticPageCount: z.number(),
  totalVideoDuration: z.number(),
  metadata: z.object({
    pinTitle: z.string().nullable(),
    templateType: z.string().nullable(),
    basics: z
      .object({
        keyValueBlocks: z.array(z.object({ key: z.string(), value: z.string() })),
        listBlocks: z.array(z.object({ heading: z.string(), items: z.array(z.string()).nullable() })),
      })
      .nullable(),
  }),
  pages: z.array(z.object({ layout: z.string(), backgroundColor: z.string(), images: z.array(ImageSize).nullable(), blocks: z.array(StoryBlock) })),
});
export type GraphQLStoryPinData = z.infer<typeof StoryPinData>;

/** The Error member of a pin query's answer: what the REST resource would have answered. */
const PinError = z.object({ __typename: z.literal('Error'), code: z.string(), message: z.string(), httpStatus: z.number() });

const seo = { seoTitle: z.string(), seoDescription: z.string(), seoUrl: z.string(), seoNoindexReason: z.string().nullable() };

const Video = z.object({ url: z.string(), width: z.number(), height: z.number(), duration: z.number(), thumbnail: z.string().nullable() });

/** CloseupDetailQuery's pin: a tile's fields and everything the closeup shows. */
export const CloseupDetailPin = PinTile.extend({
  __typename: z.literal('Pin'),
  isUnsafe: z.boolean(),
  isHidden: z.boolean(),
  commentsDisabled: z.boolean(),
  isEligibleForAggregatedComments: z.boolean(),
  aggregatedPinData: z.object({ commentCount: z.number(), didItData: z.object({ userCount: z.number(), imagesCount: z.number() }) }),
  videos: z.object({ seoViewCount: z.number(), videoList: z.object({ v720P: Video.nullable(), vHLSV4: Video.nullable() }) }).nullable(),
  pinner: UserCard.extend({ imageMediumUrl: z.string().nullable(), followerCount: z.number(), explicitlyFollowedByMe: z.boolean(), blockedByMe: z.boolean() }),
  attribution: z
    .object({
      authorName: z.string().nullable(),
      authorUrl: z.string().nullable(),
      ccUrl: z.string().nullable(),
      providerName: z.string().nullable(),
      url: z.string(),
    })
    .nullable(),
  richMetadata: RichMetadata.nullable(),
  storyPinDataId: z.string().nullable(),
  storyPinData: StoryPinData.nullable(),
  reactionCountsData: z.array(z.object({ reactionType: z.number(), reactionCount: z.number() })),
  reactionByMe: z.number().nullable(),
  doneByMe: z.boolean(),
  ...seo,
  pinJoin: z.object({
    seoCanonicalUrl: z.string(),
    seoBreadcrumbs: z.array(z.object({ name: z.string(), url: z.string() })),
    seoRelatedInterests: z.array(
      z.object({ id: z.string(), name: z.string(), slug: z.string(), url: z.string(), followerCount: z.number(), isFollowed: z.boolean() }),
    ),
  }),
});
export type CloseupDetailPin = z.infer<typeof CloseupDetailPin>;

/** The signed-in member (null for a visitor). */
export const ViewerQuery = graphqlContract({
  name: 'ViewerQuery',
  variables: z.object({}),
  data: z.object({
    viewer: z
      .object({
        id: z.string(),
        username: z.string().nullable(),
        fullName: z.string().nullable(),
        firstName: z.string().nullable(),
        email: z.string().nullable(),
        emailVerified: z.boolean().nullable(),
        loginState: z.string().nullable(),
        isPartner: z.boolean().nullable(),
      })
      .nullable(),
  }),
});

/** The closeup's pin with everything it shows, or an Error. */
export const CloseupDetailQuery = graphqlContract({
  name: 'CloseupDetailQuery',
  variables: z.object({ pinId: IdVariable, isAuth: optional(z.boolean()), isDesktop: optional(z.boolean()) }),
  data: z.object({ closeupDetail: z.discriminatedUnion('__typename', [CloseupDetailPin, PinError]) }),
});

/** The summary the closeup page needs first, or an Error. */
export const CloseupPageQuery = graphqlContract({
  name: 'CloseupPageQuery',
  variables: z.object({ pinId: IdVariable, isAuth: optional(z.boolean()) }),
  data: z.object({
    closeupPage: z.discriminatedUnion('__typename', [
      PinSummary.extend({
        __typename: z.literal('Pin'),
        images: z.array(z.object({ size: z.string(), url: z.string(), width: z.number(), height: z.number() })).nullable(),
        pinner: z.object({ id: z.string(), username: z.string(), fullName: z.string(), profileUrl: z.string() }),
        board: z.object({ id: z.string(), name: z.string(), url: z.string() }).nullable(),
        ...seo,
      }),
      PinError,
    ]),
  }),
});

/** Why a related pin is shown: saved_to_board (with the board), saved_together, visually_similar or similar_text. */
const RelatedPin = PinTile.extend({
  __typename: z.literal('Pin'),
  recommendationReason: z
    .object({ reason: z.string(), reasonId: z.string(), board: z.object({ id: z.string(), name: z.string(), url: z.string() }).nullable() })
    .nullable(),
});

/** The closeup's "more like this": a page of modules (pins) with cursors; null when the pin may not be seen. */
export const CloseupRelatedModulesFeedQuery = graphqlContract({
  name: 'CloseupRelatedModulesFeedQuery',
  variables: z.object({
    pinId: IdVariable,
    homefeedSourceSig: optional(z.string()),
    searchQuery: optional(z.string()),
    source: optional(z.string()),
    topLevelSource: optional(z.string()),
    topLevelSourceDepth: optional(z.int32()),
    first: optional(z.int32()),
    after: optional(z.string()),
  }),
  data: z.object({
    closeupRelatedModules: z
      .object({
        edges: z.array(z.object({ cursor: z.string(), node: RelatedPin })),
        pageInfo: z.object({ endCursor: z.string().nullable(), hasNextPage: z.boolean() }),
      })
      .nullable(),
  }),
});

/** Every persisted query's contract by name, as the client's request helper reads it (types only). */
export type GraphQLContracts = {
  ViewerQuery: typeof ViewerQuery;
  CloseupDetailQuery: typeof CloseupDetailQuery;
  CloseupPageQuery: typeof CloseupPageQuery;
  CloseupRelatedModulesFeedQuery: typeof CloseupRelatedModulesFeedQuery;
};
export type GraphQLQueryName = keyof GraphQLContracts;
export type VariablesOf<N extends GraphQLQueryName> = z.input<GraphQLContracts[N]['variables']>;
export type DataOf<N extends GraphQLQueryName> = z.infer<GraphQLContracts[N]['data']>;
