import type { Generated } from 'kysely';
import type { Flag } from './flag.ts';

/**
 * A comment on a pin or on one of its tried-its (did_it_id), or a reply (parent_id names its top
 * comment). Counts kept by the services.
 */
export type CommentsTable = {
  id: string;
  pin_id: string;
  /** The tried-it it is on; null: on the pin itself. */
  did_it_id: Generated<string | null>;
  parent_id: string | null;
  user_id: string;
  text: string;
  /** The client's tags as JSON text (viewer spec: comment update, tags). */
  tags: Generated<string>;
  reply_count: Generated<number>;
  like_count: Generated<number>;
  helpful_count: Generated<number>;
  highlighted: Generated<Flag>;
  /** Not shown: gone from every list and count. Always `owner_hidden or removed` (comment-hiding.repo.ts). */
  hidden: Generated<Flag>;
  /** Hidden by the pin's owner; only an operator's restore leaves it in place. */
  owner_hidden: Generated<Flag>;
  /** Removed by an operator, or hidden by weighted flags until reviewed; only an operator undoes it. */
  removed: Generated<Flag>;
  created_at: number;
  updated_at: number;
};

export type CommentReactionsTable = { comment_id: string; user_id: string; reaction_type: number; created_at: number };
export type CommentHelpfulTable = { comment_id: string; user_id: string; created_at: number };
export type CommentMentionsTable = { comment_id: string; user_id: string };
export type CommentFlagsTable = { comment_id: string; user_id: string; reason: string; detailed_reasons: string; created_at: number };
export type CommentTranslationsTable = { comment_id: string; language: string; text: string; created_at: number };
