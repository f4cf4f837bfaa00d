import type { Generated, Selectable } from 'kysely';
import type { Flag } from './flag.ts';

// Boards, pins and social (migration 0003, docs/decisions/0009-boards-and-pins-model.md).

/**
 * The public profile and the counters of a user, one row per user, made on first use. Counters
 * change in the transaction of the change that moves them and never go below 0; the secret_*
 * counters are the part that only the user may see.
 */
export type UserProfilesTable = {
  user_id: string;
  about: Generated<string>;
  website_url: string | null;
  image_media_id: string | null;
  pin_count: Generated<number>;
  secret_pin_count: Generated<number>;
  board_count: Generated<number>;
  secret_board_count: Generated<number>;
  follower_count: Generated<number>;
  following_count: Generated<number>;
  /** Set when a pin or board deletion changed the profile's pins; cleared when the owner reloads them. */
  profile_pins_stale_at: number | null;
  updated_at: number;
};

export type BoardPrivacy = 'public' | 'secret';

export type BoardsTable = {
  id: string;
  owner_id: string;
  name: string;
  /** Unique per owner, made from the name: the board's URL is /<username>/<slug>/. */
  slug: string;
  description: Generated<string>;
  privacy: BoardPrivacy;
  /** The 'Quick saves' board made by a save without a board; the next board created takes its place. */
  is_quicksave: Generated<Flag>;
  cover_pin_id: string | null;
  archived_at: number | null;
  /** An ownership transfer offered to this collaborator and not yet accepted. */
  pending_owner_id: string | null;
  pin_count: Generated<number>;
  sectionless_pin_count: Generated<number>;
  section_count: Generated<number>;
  follower_count: Generated<number>;
  collaborator_count: Generated<number>;
  /** When a pin was last saved to or removed from the board. */
  pins_modified_at: number | null;
  created_at: number;
  updated_at: number;
};

export type BoardSectionsTable = {
  id: string;
  board_id: string;
  title: string;
  pin_count: Generated<number>;
  created_at: number;
  updated_at: number;
};

export type CollaboratorStatus = 'invited' | 'requested' | 'accepted';

export type BoardCollaboratorsTable = {
  board_id: string;
  user_id: string;
  status: CollaboratorStatus;
  /** Write is every accepted collaborator's; delete (others' pins, sections) is given on approval. */
  can_delete: Generated<Flag>;
  invited_by: string | null;
  created_at: number;
  updated_at: number;
};

export type PinKind = 'image' | 'video';

/** One piece of content; where it appears is in board_pins. */
export type PinsTable = {
  id: string;
  creator_id: string;
  title: Generated<string>;
  description: Generated<string>;
  alt_text: Generated<string>;
  link: string | null;
  domain: string | null;
  media_id: string | null;
  kind: PinKind;
  comments_disabled: Generated<Flag>;
  is_unsafe: Generated<Flag>;
  /** How many boards hold the pin (the spec's repin count); a pin no board holds is deleted. */
  save_count: Generated<number>;
  /** Visible comments and replies (docs/decisions/0043-comments.md). */
  comment_count: Generated<number>;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
};

/** A save: a pin on a board (and maybe a section). Its id is the spec's localPinId. */
export type BoardPinsTable = {
  id: string;
  pin_id: string;
  board_id: string;
  section_id: string | null;
  saved_by: string | null;
  created_at: number;
};

export type HiddenPinsTable = { user_id: string; pin_id: string; created_at: number };
export type UserFollowsTable = { follower_id: string; followee_id: string; created_at: number };
export type BoardFollowsTable = { user_id: string; board_id: string; created_at: number };
export type InterestsTable = { id: string; name: string; slug: string; follower_count: Generated<number>; created_at: number };
export type InterestFollowsTable = { user_id: string; interest_id: string; created_at: number };
export type BlocksTable = { blocker_id: string; blocked_id: string; created_at: number };
/** A member waiting for a private profile's owner to accept their follow (migration 0025). */
export type FollowRequestsTable = { requester_id: string; owner_id: string; created_at: number };

/** Views of a video pin (migration 0009): counted apart from the pin, so a view is no content change. */
export type PinVideoViewsTable = { pin_id: string; view_count: number };

export type UserProfile = Selectable<UserProfilesTable>;
export type Board = Selectable<BoardsTable>;
export type BoardSection = Selectable<BoardSectionsTable>;
export type BoardCollaborator = Selectable<BoardCollaboratorsTable>;
export type Pin = Selectable<PinsTable>;
export type BoardPin = Selectable<BoardPinsTable>;
export type Interest = Selectable<InterestsTable>;
