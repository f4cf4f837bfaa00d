import { z } from 'zod';
import { DID_IT_DETAILS_MAX, didItDetails } from '../did-it.ts';
import { REACTION_TYPES } from '../reactions.ts';
import { Bookmark, Id, multilineText } from './common.ts';
import { resourceContract } from './contract.ts';
import { MediaImages, MediaStatus } from './media.ts';
import { ReactionCounts } from './pins.ts';
import { UserCard } from './user-cards.ts';

/**
 * Tried-its (viewer spec section 3: didItData, doneByMe, user_did_it_data): a member marks a pin
 * they may see as tried, with a photo of theirs and a note; others like it and mark it helpful,
 * and the profile's Tried tab lists them (docs/decisions/0045-tried-its.md).
 */

const Details = multilineText(DID_IT_DETAILS_MAX).transform(didItDetails);
const ReactionType = z.literal(REACTION_TYPES, { error: 'This is not a reaction type.' });

/** The pin a tried-it is of, as the Tried tab shows it. */
export const DidItPin = z.object({ id: z.string(), title: z.string(), images: MediaImages.nullable(), dominant_color: z.string().nullable() });

/** The spec's user_did_it_data: a member's tried-it as every list shows it. The note is plain text. */
export const DidItJson = z.object({
  type: z.literal('userdiditdata'),
  id: z.string(),
  pin_id: z.string(),
  pin: DidItPin,
  user: UserCard,
  details: z.string(),
  media_id: z.string().nullable(),
  /** The photo: processing until the media pipeline is done; the images then appear. */
  media_status: MediaStatus.nullable(),
  images: MediaImages.nullable(),
  dominant_color: z.string().nullable(),
  reaction_counts: ReactionCounts,
  reaction_by_me: z.number().nullable(),
  helpful_count: z.number(),
  marked_helpful_by_me: z.boolean(),
  /** Shown comments and replies on it (AggregatedCommentFeedResource with did_it_id). */
  comment_count: z.number(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type DidItJson = z.infer<typeof DidItJson>;

const NewDidIt = z
  .object({ pin_id: Id, media_id: Id.optional(), details: Details.optional() })
  .refine((o) => o.media_id !== undefined || (o.details ?? '') !== '', { message: 'Add a photo or a note.', path: ['details'] });

const DidItChanges = z
  .object({ id: Id, media_id: Id.nullable().optional(), details: Details.optional() })
  .refine((o) => o.media_id !== undefined || o.details !== undefined, { message: 'Nothing to change: give details or media_id.', path: ['details'] });

/**
 * UserDidItDataResource: get {id}; create {pin_id, media_id?, details?} (a photo, a note, or both;
 * one per member and pin, a second is 409); update {id, details?, media_id?} (media_id null
 * removes the photo); delete {id}. Only the author edits and deletes.
 */
export const UserDidItDataResource = resourceContract({
  name: 'UserDidItDataResource',
  verbs: {
    get: { input: z.object({ id: Id }), output: DidItJson },
    create: { input: NewDidIt, output: DidItJson },
    update: { input: DidItChanges, output: DidItJson },
    delete: { input: z.object({ id: Id }), output: z.object({ id: z.string(), pin_id: z.string() }) },
  },
});

/** PinDidItFeedResource get {pin_id, bookmark?}: the pin's tried-its, newest first, 12 a page. */
export const PinDidItFeedResource = resourceContract({
  name: 'PinDidItFeedResource',
  sameForEveryVisitor: true,
  verbs: { get: { input: z.object({ pin_id: Id, bookmark: Bookmark }), output: z.array(DidItJson) } },
});

/** UserDidItFeedResource get {username, bookmark?}: a profile's Tried tab, newest first, 12 a page. */
export const UserDidItFeedResource = resourceContract({
  name: 'UserDidItFeedResource',
  sameForEveryVisitor: true,
  verbs: { get: { input: z.object({ username: z.string().min(1).max(100), bookmark: Bookmark }), output: z.array(DidItJson) } },
});

/** What a like or helpful mark answers: the tried-it's counts now, and the reader's own. */
export const DidItMarks = z.object({
  id: z.string(),
  reaction_counts: ReactionCounts,
  reaction_by_me: z.number().nullable(),
  helpful_count: z.number(),
  marked_helpful_by_me: z.boolean(),
});
export type DidItMarks = z.infer<typeof DidItMarks>;

/** DidItReactionResource create {id, reaction_type: 1} likes a tried-it, delete {id} unlikes it. */
export const DidItReactionResource = resourceContract({
  name: 'DidItReactionResource',
  verbs: {
    create: { input: z.object({ id: Id, reaction_type: ReactionType }), output: DidItMarks },
    delete: { input: z.object({ id: Id, reaction_type: ReactionType.optional() }), output: DidItMarks },
  },
});

/** DidItHelpfulResource create {id} marks a tried-it helpful, delete {id} unmarks it. */
export const DidItHelpfulResource = resourceContract({
  name: 'DidItHelpfulResource',
  verbs: {
    create: { input: z.object({ id: Id }), output: DidItMarks },
    delete: { input: z.object({ id: Id }), output: DidItMarks },
  },
});
