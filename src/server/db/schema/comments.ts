import type { Generated } from 'kysely';
import type { Flag } from './flag.ts';

/** A comment on a pin, or a reply (parent_id names its top comment). Counts kept by the services. */
export type CommentsTable = {
  id: string;
  pin_id: string;
  parent_id: string | null;
  user_id: string;
  text: string;
  /** The client's tags as JSON text (viewer spec: comment update, tags). */
  tags: Generated<string>;
  reply_count: Generated<number>;
  like_count: Generated<number>;
  helpful_count: Generated<number>;
  highlighted: Generated<Flag>;
  /** Hidden by the pin's owner: gone from every list and count. */
  hidden: Generated<Flag>;
  created_at: number;
  updated_at: number;
};

export type CommentReactionsTable = { comment_id: string; user_id: string; reaction_type: number; created_at: number };
export type CommentHelpfulTable = { comment_id: string; user_id: string; created_at: number };
export type CommentMentionsTable = { comment_id: string; user_id: string };
export type CommentFlagsTable = { comment_id: string; user_id: string; reason: string; detailed_reasons: string; created_at: number };
export type CommentTranslationsTable = { comment_id: string; language: string; text: string; created_at: number };
