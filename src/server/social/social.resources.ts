import { z } from 'zod';
import type { Actor } from '../access/actor.ts';
import { Bookmark, Id } from '../boards/board.inputs.ts';
import { presentBoard } from '../boards/boards.present.ts';
import { AnyOptions } from '../boards/boards.resources.ts';
import { decodeBookmark, pageOf } from '../common/bookmark.ts';
import { loadBoard } from '../boards/boards.service.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import { defineUntypedResource, type Resource } from '../http/resources.ts';
import { parseInput } from '../http/validate.ts';
import { blockUser, listBlocked, unblockUser } from './blocks.service.ts';
import { BULK_FOLLOW_MAX, followBoard, followUser, followUsers, setInterestFollowed, unfollowBoard, unfollowUser } from './follows.service.ts';
import { readerOf } from '../access/authorized.ts';
import { getProfile, ProfileChanges, updateProfile } from './profile.service.ts';
import { getInterest } from './topics.ts';
import { cardOf, loadUserCards } from './user-cards.ts';

const UserRef = z.object({ user_id: Id });
const Username = z.object({ username: z.string().min(1).max(100) });

async function card(deps: Deps, actor: Actor, userId: string) {
  return cardOf(await loadUserCards(deps, readerOf(actor), [userId]), userId);
}

/** UserResource: get {username} is the public profile with its counts; update {first_name?, last_name?, about?, website_url?, image_media_id?} edits one's own. */
export const UserResource = defineUntypedResource({
  name: 'UserResource',
  options: AnyOptions,
  sameForEveryVisitor: true,
  get: async ({ options, actor, deps }) => ({ data: await getProfile(deps, actor, parseInput(Username, options).username) }),
  update: async ({ options, actor, deps }) => {
    await updateProfile(deps, actor, parseInput(ProfileChanges, options));
    if (actor.kind === 'visitor') throw new AppError('unauthorized');
    const me = await deps.db.selectFrom('users').select('username').where('id', '=', actor.userId).executeTakeFirstOrThrow();
    return { data: await getProfile(deps, actor, me.username) };
  },
});

const FollowOptions = z.union([UserRef, z.object({ user_ids: z.array(Id).min(1).max(BULK_FOLLOW_MAX) })]);

/** UserFollowResource: create {user_id} or {user_ids} (bulk) follows; delete {user_id} unfollows. Answers the users. */
export const UserFollowResource = defineUntypedResource({
  name: 'UserFollowResource',
  options: AnyOptions,
  create: async ({ options, actor, deps }) => {
    const o = parseInput(FollowOptions, options);
    if ('user_id' in o) {
      await followUser(deps, actor, o.user_id);
      return { data: await card(deps, actor, o.user_id) };
    }
    const followed = await followUsers(deps, actor, o.user_ids);
    const cards = await loadUserCards(deps, readerOf(actor), followed);
    return { data: followed.map((id) => cardOf(cards, id)) };
  },
  delete: async ({ options, actor, deps }) => {
    const { user_id } = parseInput(UserRef, options);
    await unfollowUser(deps, actor, user_id);
    const cards = await loadUserCards(deps, readerOf(actor), [user_id]);
    return { data: cards.get(user_id) ?? null };
  },
});

const BoardRef = z.object({ board_id: Id });

/** BoardFollowResource: create and delete {board_id}; answers the board with followed_by_me and follower_count. */
export const BoardFollowResource = defineUntypedResource({
  name: 'BoardFollowResource',
  options: AnyOptions,
  create: async ({ options, actor, deps }) => {
    const { board_id } = parseInput(BoardRef, options);
    await followBoard(deps, actor, board_id);
    return { data: await presentBoard(deps, readerOf(actor), await loadBoard(deps.db, board_id)) };
  },
  delete: async ({ options, actor, deps }) => {
    const { board_id } = parseInput(BoardRef, options);
    await unfollowBoard(deps, actor, board_id);
    return { data: await presentBoard(deps, readerOf(actor), await loadBoard(deps.db, board_id)) };
  },
});

const InterestRef = z.object({ interest_id: Id });
const InterestLookup = z.union([z.object({ id: Id }), z.object({ slug: z.string().min(1).max(200) })]);

/** InterestResource get {id} or {slug}: a topic with is_followed. */
export const InterestResource = defineUntypedResource({
  name: 'InterestResource',
  options: AnyOptions,
  get: async ({ options, actor, deps }) => ({ data: await getInterest(deps, actor, parseInput(InterestLookup, options)) }),
});

/** InterestFollowResource: create and delete {interest_id}; answers the topic (the client reverts its optimistic flag on an error). */
export const InterestFollowResource = defineUntypedResource({
  name: 'InterestFollowResource',
  options: AnyOptions,
  create: async ({ options, actor, deps }) => {
    const { interest_id } = parseInput(InterestRef, options);
    await setInterestFollowed(deps, actor, interest_id, true);
    return { data: await getInterest(deps, actor, { id: interest_id }) };
  },
  delete: async ({ options, actor, deps }) => {
    const { interest_id } = parseInput(InterestRef, options);
    await setInterestFollowed(deps, actor, interest_id, false);
    return { data: await getInterest(deps, actor, { id: interest_id }) };
  },
});

const BLOCKED_PAGE_SIZE = 25;

/** UserBlockResource: get {bookmark?} lists whom the caller blocked; create {user_id} blocks; delete {user_id} unblocks. */
export const UserBlockResource = defineUntypedResource({
  name: 'UserBlockResource',
  options: AnyOptions,
  get: async ({ options, actor, deps }) => {
    const cursor = decodeBookmark(parseInput(z.object({ bookmark: Bookmark }), options).bookmark);
    if (cursor === 'end') return { data: [], bookmark: FEED_END };
    const rows = await listBlocked(deps, actor, BLOCKED_PAGE_SIZE + 1, cursor ? { at: Number(cursor.key), id: cursor.id } : undefined);
    const page = pageOf(rows, BLOCKED_PAGE_SIZE, (r) => ({ key: r.created_at, id: r.user_id }));
    const cards = await loadUserCards(
      deps,
      readerOf(actor),
      page.items.map((r) => r.user_id),
    );
    return { data: page.items.flatMap((r) => cards.get(r.user_id) ?? []), bookmark: page.bookmark };
  },
  create: async ({ options, actor, deps }) => {
    const { user_id } = parseInput(UserRef, options);
    await blockUser(deps, actor, user_id);
    return { data: await card(deps, actor, user_id) };
  },
  delete: async ({ options, actor, deps }) => {
    const { user_id } = parseInput(UserRef, options);
    await unblockUser(deps, actor, user_id);
    const cards = await loadUserCards(deps, readerOf(actor), [user_id]);
    return { data: cards.get(user_id) ?? null };
  },
});

export const socialResources: Resource[] = [UserResource, UserFollowResource, BoardFollowResource, InterestResource, InterestFollowResource, UserBlockResource];
