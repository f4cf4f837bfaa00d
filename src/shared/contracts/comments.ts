import { z } from 'zod';
import { COMMENT_MAX_LENGTH, COMMENT_PAGE_MAX, COMMENT_SORTS } from '../comments.ts';
import { Bookmark, Id, multilineText, restAnswer } from './common.ts';
import { resourceContract } from './contract.ts';
import { ReactionCounts } from './pins.ts';
import { UserCard } from './user-cards.ts';

/** A tag as answered: a member named in the comment. */
export const CommentTagJson = z.object({ tag_type: z.literal('user'), user_id: z.string() });

/** Viewer spec section 3, the aggregated comment (a reply is one too, with its top comment in parent_id). */
export const AggregatedCommentJson = z.object({
  id: z.string(),
  type: z.literal('aggregatedcomment'),
  pin_id: z.string(),
  /** The tried-it it is on; null: on the pin itself. */
  did_it_id: z.string().nullable(),
  parent_id: z.string().nullable(),
  user: UserCard,
  text: z.string(),
  tags: z.array(CommentTagJson),
  tagged_users: z.array(UserCard),
  reaction_counts: ReactionCounts,
  reaction_by_me: z.number().nullable(),
  helpful_count: z.number(),
  marked_helpful_by_me: z.boolean(),
  highlighted_by_pin_owner: z.boolean(),
  comment_count: z.number(),
  created_at: z.string(),
  edited: z.boolean(),
  /** What the reader may do with it: the menu shows only these. */
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_moderate: z.boolean(),
});
export type AggregatedCommentJson = z.infer<typeof AggregatedCommentJson>;

const CommentText = multilineText(COMMENT_MAX_LENGTH * 4);
/** The tags as JSON text (the comment update call); their shape is checked by parseCommentTags. */
const TagsText = z.string().max(4000);

/**
 * AggregatedCommentFeedResource get {pin_id, did_it_id?, parent_id?, sort?, page_size?, bookmark?}:
 * a pin's (or, with did_it_id, one of its tried-its') comments newest or most helpful first, or one
 * comment's replies oldest first, paged by bookmark.
 */
export const AggregatedCommentFeedResource = resourceContract({
  name: 'AggregatedCommentFeedResource',
  // A visitor's page of comments reads only the pin's stored comments: the closeup stays kept in memory for visitors.
  sameForEveryVisitor: true,
  verbs: {
    get: {
      input: z.object({
        pin_id: Id,
        did_it_id: Id.optional(),
        parent_id: Id.optional(),
        sort: z.enum(COMMENT_SORTS).default('newest'),
        page_size: z.coerce.number().int().min(1).max(COMMENT_PAGE_MAX).optional(),
        bookmark: Bookmark,
      }),
      output: z.array(AggregatedCommentJson),
    },
  },
});

/**
 * AggregatedCommentResource: create {pin_id, did_it_id?, text, parent_id?, tags?} comments (on the
 * pin, or on one of its tried-its) or replies;
 * update {commentId, text, tags (JSON text), force?, orbacSubjectId?} edits one's own (force
 * confirms an edit that drops mentions); delete {commentId} deletes one's own.
 */
export const AggregatedCommentResource = resourceContract({
  name: 'AggregatedCommentResource',
  verbs: {
    create: {
      input: z.object({ pin_id: Id, did_it_id: Id.optional(), text: CommentText, parent_id: Id.optional(), tags: TagsText.optional() }),
      output: AggregatedCommentJson,
    },
    update: {
      input: z.object({
        commentId: Id,
        text: CommentText,
        tags: TagsText.optional(),
        force: z.boolean().default(false),
        orbacSubjectId: Id.optional(),
      }),
      output: AggregatedCommentJson,
    },
    delete: { input: z.object({ commentId: Id }), output: z.null() },
  },
});

/**
 * AggregatedCommentHideResource create {pin_id, comment_id} or {pin_id, user_id}: the pin's
 * owner hides one comment, or every comment of one person on the pin; answers the ids hidden.
 */
export const AggregatedCommentHideResource = resourceContract({
  name: 'AggregatedCommentHideResource',
  verbs: {
    create: {
      input: z
        .object({ pin_id: Id, comment_id: Id.optional(), user_id: Id.optional() })
        .refine((o) => (o.comment_id === undefined) !== (o.user_id === undefined), { message: 'Give comment_id or user_id.', path: ['comment_id'] }),
      output: z.object({ hidden: z.array(z.string()), comment_count: z.number() }),
    },
  },
});

const CommentParams = z.object({ id: Id });

/** PUT /v3/aggregated_comments/{id}/flag/ {commentId?, reason, detailedReasons?}: the flag is stored once per member. */
export const CommentFlagRoute = {
  params: CommentParams,
  body: z.object({
    commentId: Id.optional(),
    reason: z.string().trim().min(1, 'Required').max(100),
    detailedReasons: z
      .union([z.array(z.string().max(100)).max(20), z.string().max(2000)])
      .optional()
      .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
  }),
  response: { 200: restAnswer(z.object({ id: z.string(), flagged: z.literal(true) })) },
};

/** DELETE /v3/aggregated_comments/{id}/mentions/: the reader's mention is removed; answers id and tagged_users. */
export const CommentMentionsRoute = {
  params: CommentParams,
  querystring: z.object({ fields: z.string().max(200).optional() }),
  response: { 200: restAnswer(z.object({ id: z.string(), tagged_users: z.array(UserCard) })) },
};

/** GET /v3/aggregated_comments/{id}/translate/ {language?}: the translated text; empty when translation failed. */
export const CommentTranslateRoute = {
  params: CommentParams,
  querystring: z.object({
    language: z
      .string()
      .regex(/^[a-z]{2,3}([_-][A-Za-z0-9]{2,4})?$/, 'Not a language.')
      .optional(),
  }),
  response: { 200: restAnswer(z.object({ id: z.string(), language: z.string(), text: z.string() })) },
};

const ReactionType = z.coerce.number().pipe(z.literal(1, { error: 'This is not a reaction type.' }));
const CommentAnswer = { 200: restAnswer(AggregatedCommentJson) };

/** POST /v3/helpful/1/{id}/: mark the comment helpful (no payload). */
export const CommentHelpfulMarkRoute = { params: CommentParams, body: z.object({}).nullish(), response: CommentAnswer };
/** DELETE /v3/helpful/1/{id}/: unmark it. */
export const CommentHelpfulUnmarkRoute = { params: CommentParams, querystring: z.object({}), response: CommentAnswer };

/** POST /v3/aggregated_comments/{id}/react/ {reaction_type: 1}: like. */
export const CommentReactRoute = { params: CommentParams, body: z.object({ reaction_type: ReactionType.optional() }).nullish(), response: CommentAnswer };
/** DELETE /v3/aggregated_comments/{id}/react/ ?reaction_type=1: unlike. */
export const CommentUnreactRoute = { params: CommentParams, querystring: z.object({ reaction_type: ReactionType.optional() }), response: CommentAnswer };

/** PUT /v3/aggregated_comments/pin/highlight/ {aggregated_comment, pin, highlight}: the pin's owner highlights one comment. */
export const CommentHighlightRoute = {
  body: z.object({
    aggregated_comment: Id.optional(),
    pin: Id.optional(),
    highlight: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(true),
  }),
  response: { 200: restAnswer(AggregatedCommentJson) },
};
