import { z } from 'zod';
import { ABOUT_MAX } from '../settings.ts';
import { lineText, NAME_MAX_LENGTH } from '../validation/signup.ts';
import { BoardIdInput, BoardJson } from './boards.ts';
import { Bookmark, Id, multilineText } from './common.ts';
import { resourceContract } from './contract.ts';
import { UserCard } from './user-cards.ts';

/** How many users one bulk follow may name. */
export const BULK_FOLLOW_MAX = 50;

const UserIdInput = z.object({ user_id: Id });
const Username = z.string().min(1).max(100);

/** The public profile: the card, the about text and the counts the reader may know. */
export const ProfileJson = UserCard.extend({
  last_name: z.string(),
  about: z.string(),
  website_url: z.string().nullable(),
  created_at: z.iso.datetime(),
  pin_count: z.number(),
  board_count: z.number(),
  following_count: z.number(),
  is_me: z.boolean(),
  /** Viewer spec "private profile": its boards, pins and lists are for the members it approved (decision 0046). */
  is_private_profile: z.boolean(),
  /** Whether the reader may see the boards and pins: the owner, an approved follower, or anyone when the profile is public. */
  is_visible_to_me: z.boolean(),
  /** The reader asked to follow this private profile and waits for the answer. */
  follow_requested_by_me: z.boolean(),
  /** The owner's own view: secret counts, the quicksave board, stale profile pins, latest save, recent boards. */
  secret_board_count: z.number().optional(),
  has_quicksave_board: z.boolean().optional(),
  is_profile_pins_stale: z.boolean().optional(),
  last_repin_id: z.string().nullable().optional(),
  recent_boards: z.array(z.string()).optional(),
});
export type ProfileJson = z.infer<typeof ProfileJson>;

/** A name as the profile shows it: one line, trimmed; blank is allowed (the username stands in). */
const Name = lineText(NAME_MAX_LENGTH)
  .transform((v) => v.trim())
  .optional();

export const ProfileChanges = z.object({
  first_name: Name,
  last_name: Name,
  about: multilineText(ABOUT_MAX).optional(),
  website_url: lineText(2048)
    .transform((v) => v.trim())
    .refine((v) => v === '' || /^https?:\/\/[^\s/]+/i.test(v), 'Please enter a valid URL starting with http:// or https://')
    .optional(),
  image_media_id: Id.nullable().optional(),
});
export type ProfileChanges = z.infer<typeof ProfileChanges>;

/** A topic (interest) as the spec shows it, with is_followed for the reader. */
export const InterestJson = z.object({
  type: z.literal('interest'),
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  follower_count: z.number(),
  is_followed: z.boolean(),
});
export type InterestJson = z.infer<typeof InterestJson>;

const InterestIdInput = z.object({ interest_id: Id });

/** UserResource: get {username} is the public profile with its counts; update edits one's own (answers the profile). */
export const UserResource = resourceContract({
  name: 'UserResource',
  sameForEveryVisitor: true,
  verbs: {
    get: { input: z.object({ username: Username }), output: ProfileJson },
    update: { input: ProfileChanges, output: ProfileJson },
  },
});

/** UserFollowResource: create {user_id} or {user_ids} (bulk) follows; delete {user_id} unfollows. Answers the users. */
export const UserFollowResource = resourceContract({
  name: 'UserFollowResource',
  verbs: {
    create: {
      input: z.union([UserIdInput, z.object({ user_ids: z.array(Id).min(1).max(BULK_FOLLOW_MAX) })]),
      output: z.union([UserCard, z.array(UserCard)]),
    },
    delete: { input: UserIdInput, output: UserCard.nullable() },
  },
});

/** BoardFollowResource: create and delete {board_id}; answers the board with followed_by_me and follower_count. */
export const BoardFollowResource = resourceContract({
  name: 'BoardFollowResource',
  verbs: {
    create: { input: BoardIdInput, output: BoardJson },
    delete: { input: BoardIdInput, output: BoardJson },
  },
});

/** InterestResource get {id} or {slug}: a topic with is_followed. */
export const InterestResource = resourceContract({
  name: 'InterestResource',
  verbs: {
    get: { input: z.union([z.object({ id: Id }), z.object({ slug: z.string().min(1).max(200) })]), output: InterestJson },
  },
});

/** InterestFollowResource: create and delete {interest_id}; answers the topic (the client reverts its optimistic flag on an error). */
export const InterestFollowResource = resourceContract({
  name: 'InterestFollowResource',
  verbs: {
    create: { input: InterestIdInput, output: InterestJson },
    delete: { input: InterestIdInput, output: InterestJson },
  },
});

/** UserBlockResource: get {bookmark?} lists whom the caller blocked; create {user_id} blocks; delete {user_id} unblocks. */
export const UserBlockResource = resourceContract({
  name: 'UserBlockResource',
  verbs: {
    get: { input: z.object({ bookmark: Bookmark }), output: z.array(UserCard) },
    create: { input: UserIdInput, output: UserCard },
    delete: { input: UserIdInput, output: UserCard.nullable() },
  },
});
