import type { Generated, Selectable } from 'kysely';
import type { Flag } from './flag.ts';

// Tried-its (migration 0024, docs/decisions/0045-tried-its.md).

/** A member's tried-it of a pin (one per member and pin): a photo of theirs, if any, and a note. */
export type DidItsTable = {
  id: string;
  pin_id: string;
  user_id: string;
  media_id: string | null;
  details: string;
  /** Likes (reaction type 1), kept with each reaction in its transaction. */
  like_count: number;
  helpful_count: number;
  /** Shown comments and replies on it (migration 0027), kept in each comment's transaction. */
  comment_count: Generated<number>;
  /** Removed by an operator (migration 0027): shown to its author only, out of the pin's counts. */
  removed: Generated<Flag>;
  created_at: number;
  updated_at: number;
};
export type DidItReactionsTable = { did_it_id: string; user_id: string; reaction_type: number; created_at: number };
export type DidItHelpfulTable = { did_it_id: string; user_id: string; created_at: number };
/** A pin's didItData: how many tried it, and how many of those with a photo. No row: none. */
export type PinDidItCountsTable = { pin_id: string; user_count: number; images_count: number };

export type DidItRow = Selectable<DidItsTable>;
