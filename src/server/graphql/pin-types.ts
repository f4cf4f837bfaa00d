import { GraphQLBoolean, GraphQLID, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString } from 'graphql';
import type { RelatedPinJson } from '../recs/related.present.ts';
import type { BoardLink, RecommendationReason } from '../recs/related.service.ts';
import { closeupPinFields } from './closeup-types.ts';
import { storyPinFields } from './story-pin-types.ts';
import type { GraphQLContext } from './schema.ts';
import type { UserCard } from '../../shared/contracts/user-cards.ts';
import type { BoardRef, PinJson, SavedInfo } from '../../shared/contracts/pins.ts';
import type { MediaImage } from '../../shared/contracts/media.ts';

/*
 * The GraphQL face of the pin presenter's JSON (viewer spec section 3, camel case): the fields a
 * grid tile and the closeup read. Each type resolves from the presenter's snake-case object, so
 * what a reader may see is decided once, by the services and presenters behind it.
 */

const id = { type: new GraphQLNonNull(GraphQLID) };
const text = { type: new GraphQLNonNull(GraphQLString) };
const optionalText = { type: GraphQLString };

const UserType = new GraphQLObjectType<UserCard>({
  name: 'User',
  description: 'A user as seen on pins.',
  fields: {
    id,
    username: text,
    fullName: { ...text, resolve: (u) => u.full_name },
    imageSmallUrl: { ...optionalText, resolve: (u) => u.image_small_url },
    imageMediumUrl: { ...optionalText, resolve: (u) => u.image_medium_url },
    profileUrl: { ...text, resolve: (u) => u.profile_url },
    followerCount: { type: new GraphQLNonNull(GraphQLInt), resolve: (u) => u.follower_count },
    explicitlyFollowedByMe: { type: new GraphQLNonNull(GraphQLBoolean), resolve: (u) => u.explicitly_followed_by_me },
    blockedByMe: { type: new GraphQLNonNull(GraphQLBoolean), resolve: (u) => u.blocked_by_me },
  },
});

/** A board as seen on pins; a recommendation reason's board carries no privacy (it is one the reader may see). */
const BoardType = new GraphQLObjectType<BoardRef | BoardLink>({
  name: 'Board',
  fields: {
    id,
    name: text,
    url: text,
    privacy: { ...optionalText, description: 'public or secret', resolve: (b) => ('privacy' in b ? b.privacy : null) },
  },
});

type SizedImage = MediaImage & { size: string };

const ImageType = new GraphQLObjectType<SizedImage>({
  name: 'Image',
  description: 'One size of a picture (170x, 236x, 474x, 564x, 736x, orig, ...).',
  fields: {
    size: text,
    url: text,
    width: { type: new GraphQLNonNull(GraphQLInt) },
    height: { type: new GraphQLNonNull(GraphQLInt) },
    dominantColor: { ...optionalText, resolve: (i) => i.dominant_color },
  },
});

const SavedInfoType = new GraphQLObjectType<SavedInfo>({
  name: 'SavedInfo',
  description: "The reader's latest save of the pin.",
  fields: {
    boardId: { ...id, resolve: (s) => s.board_id },
    localPinId: { ...id, resolve: (s) => s.local_pin_id },
    sectionId: { type: GraphQLID, resolve: (s) => s.section_id },
    title: text,
    type: { ...text, description: 'board or section' },
    url: text,
  },
});

const RecommendationReasonType = new GraphQLObjectType<RecommendationReason>({
  name: 'RecommendationReason',
  description: 'Why a related pin is shown: saved_to_board (with the board), saved_together, visually_similar or similar_text.',
  fields: {
    reason: text,
    reasonId: { ...id, resolve: (r) => r.reason_id },
    board: { type: BoardType, resolve: (r) => r.board ?? null },
  },
});

export const PinType = new GraphQLObjectType<PinJson & Partial<Pick<RelatedPinJson, 'recommendation_reason'>>, GraphQLContext>({
  name: 'Pin',
  fields: {
    ...closeupPinFields,
    ...storyPinFields(ImageType),
    id,
    entityId: { ...id, resolve: (p) => p.entity_id },
    title: text,
    gridTitle: { ...text, resolve: (p) => p.grid_title },
    description: text,
    altText: { ...text, resolve: (p) => p.alt_text },
    link: optionalText,
    domain: optionalText,
    createdAt: { ...text, resolve: (p) => p.created_at },
    isVideo: { type: new GraphQLNonNull(GraphQLBoolean), resolve: (p) => p.is_video },
    dominantColor: { ...optionalText, resolve: (p) => p.dominant_color },
    placeholder: { ...optionalText, description: 'ThumbHash (base64) of the picture, for a blurred placeholder.' },
    imageSignature: { ...optionalText, resolve: (p) => p.image_signature },
    images: {
      type: new GraphQLList(new GraphQLNonNull(ImageType)),
      description: 'Null while the media is still processing.',
      resolve: (p): SizedImage[] | null => (p.images ? Object.entries(p.images).map(([size, image]) => ({ size, ...image })) : null),
    },
    repinCount: { type: new GraphQLNonNull(GraphQLInt), resolve: (p) => p.repin_count },
    pinner: { type: new GraphQLNonNull(UserType) },
    board: { type: BoardType, description: 'The board the pin is shown with.' },
    pinnedToBoard: { type: BoardType, description: "The board of the reader's latest save.", resolve: (p) => p.pinned_to_board },
    savedInfo: { type: SavedInfoType, resolve: (p) => p.saved_info },
    recommendationReason: { type: RecommendationReasonType, resolve: (p) => p.recommendation_reason ?? null },
  },
});
