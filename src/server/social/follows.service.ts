import type { Actor } from '../access/actor.ts';
import { findVisibleBoard } from '../access/board.policy.ts';
import type { Board } from '../db/schema/boards-and-pins.ts';
import { adjustBoard } from '../boards/boards.repo.ts';
import { deleteBoardFollow, insertBoardFollow } from '../boards/board-follows.repo.ts';
import { loadBoard } from '../boards/boards.service.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { adjustProfile } from '../users/profile-counters.repo.ts';
import { writerOf, type Writer } from '../access/authorized.ts';
import { transact } from '../db/transaction.ts';
import { BULK_FOLLOW_MAX } from '../../shared/contracts/social.ts';
import { deleteUserFollow, insertUserFollow, unblockedUserIds } from './follows.repo.ts';
import { deleteFollowRequest, insertFollowRequest } from './follow-requests.repo.ts';
import { follows, readMemberSettings } from '../users/member-settings.repo.ts';
import { adjustInterestFollowers, deleteInterestFollow, findInterestById, insertInterestFollow } from './topics.repo.ts';

/** The users among `ids` the writer may follow: they exist, are not the writer, no block either way. */
async function followableUsers(db: Db, writer: Writer, ids: readonly string[]): Promise<string[]> {
  return unblockedUserIds(
    db,
    writer,
    [...new Set(ids)].filter((id) => id !== writer.userId),
  );
}

/** Inserts the follow if new; only a new follow moves the counts (+1 followers, +1 following) and is recorded. */
export async function addUserFollow(deps: Deps, db: Db, followerId: string, followeeId: string, now: number): Promise<void> {
  if (!(await insertUserFollow(db, followerId, followeeId, now))) return;
  await moveFollowCounts(db, followerId, followeeId, 1, now);
  await deps.events.record(db, followerId, { type: 'user.followed', userId: followeeId });
}

/**
 * Both profiles' counts, updated in id order: two people following each other at the same moment
 * then lock the two rows in the same order and never deadlock.
 */
async function moveFollowCounts(db: Db, followerId: string, followeeId: string, delta: number, now: number): Promise<void> {
  const changes = [
    { id: followeeId, deltas: { follower_count: delta } },
    { id: followerId, deltas: { following_count: delta } },
  ].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const { id, deltas } of changes) await adjustProfile(db, id, deltas, now);
}

async function isPrivateProfile(db: Db, userId: string): Promise<boolean> {
  return (await readMemberSettings(db, userId)).is_private_profile === 1;
}

/** A new request is recorded; asking again while one waits changes nothing. */
async function requestFollow(deps: Deps, db: Db, requesterId: string, ownerId: string, now: number): Promise<void> {
  if (await insertFollowRequest(db, requesterId, ownerId, now)) {
    await deps.events.record(db, requesterId, { type: 'follow_request.made', userId: ownerId });
  }
}

/** Drops a waiting request of `requesterId` to `ownerId`; answers whether there was one. */
export async function withdrawFollowRequest(db: Db, requesterId: string, ownerId: string): Promise<boolean> {
  return deleteFollowRequest(db, requesterId, ownerId);
}

/** Removes the follow if it exists; only then the counts move back (-1, never below 0). Answers whether it did. */
export async function removeUserFollow(db: Db, followerId: string, followeeId: string, now: number): Promise<boolean> {
  if (!(await deleteUserFollow(db, followerId, followeeId))) return false;
  await moveFollowCounts(db, followerId, followeeId, -1, now);
  return true;
}

/**
 * Follows the user, or asks to when their profile is private and the follower is not yet approved
 * (docs/decisions/0046-follow-requests.md). Answers whether the follow now stands.
 */
async function followOrRequest(deps: Deps, db: Db, followerId: string, followeeId: string, now: number): Promise<boolean> {
  if (await follows(db, followerId, followeeId)) return true;
  if (await isPrivateProfile(db, followeeId)) {
    await requestFollow(deps, db, followerId, followeeId, now);
    return false;
  }
  await withdrawFollowRequest(db, followerId, followeeId);
  await addUserFollow(deps, db, followerId, followeeId, now);
  return true;
}

/** Follow sets explicitly_followed_by_me and raises the followee's follower_count by 1; a private profile gets a follow request instead. */
export async function followUser(deps: Deps, actor: Actor, userId: string): Promise<void> {
  const writer = writerOf(actor, 'boards:write');
  if (userId === writer.userId) throw new AppError('bad_request', 'You cannot follow yourself.');
  await transact(deps.db, async (trx) => {
    if ((await followableUsers(trx, writer, [userId])).length === 0) throw new AppError('not_found');
    await followOrRequest(deps, trx, writer.userId, userId, Date.now());
  });
}

/** Unfollow clears the flag and lowers follower_count by 1 (not below 0); a pending follow request is withdrawn. */
export async function unfollowUser(deps: Deps, actor: Actor, userId: string): Promise<void> {
  const writer = writerOf(actor, 'boards:write');
  await transact(deps.db, async (trx) => {
    if ((await followableUsers(trx, writer, [userId])).length === 0) throw new AppError('not_found');
    if (await removeUserFollow(trx, writer.userId, userId, Date.now())) {
      await deps.events.record(trx, writer.userId, { type: 'user.unfollowed', userId });
    }
    if (await withdrawFollowRequest(trx, writer.userId, userId)) {
      await deps.events.record(trx, writer.userId, { type: 'follow_request.withdrawn', userId });
    }
  });
}

/** Bulk follow: follows every user of the list the writer may follow (asks the private ones); answers those now followed. */
export async function followUsers(deps: Deps, actor: Actor, userIds: readonly string[]): Promise<string[]> {
  const writer = writerOf(actor, 'boards:write');
  if (userIds.length > BULK_FOLLOW_MAX) throw new AppError('bad_request', `user_ids: At most ${BULK_FOLLOW_MAX} at once.`);
  return transact(deps.db, async (trx) => {
    const ids = await followableUsers(trx, writer, userIds);
    const now = Date.now();
    const followed: string[] = [];
    for (const id of ids) if (await followOrRequest(deps, trx, writer.userId, id, now)) followed.push(id);
    return followed;
  });
}

/** Board follow: a board the writer may see and does not own; follower_count + 1 when new. Answers the board. */
export async function followBoard(deps: Deps, actor: Actor, boardId: string): Promise<Board> {
  const writer = writerOf(actor, 'boards:write');
  return transact(deps.db, async (trx) => {
    const board = await findVisibleBoard(trx, writer, boardId);
    if (board.owner_id === writer.userId) throw new AppError('bad_request', 'You cannot follow your own board.');
    const now = Date.now();
    if (await insertBoardFollow(trx, writer.userId, board.id, now)) {
      await adjustBoard(trx, board.id, { follower_count: 1 }, now);
      await deps.events.record(trx, writer.userId, { type: 'board.followed', boardId: board.id });
    }
    return loadBoard(trx, board.id);
  });
}

/** Board unfollow: follower_count - 1 (not below 0) when there was a follow. Answers the board. */
export async function unfollowBoard(deps: Deps, actor: Actor, boardId: string): Promise<Board> {
  const writer = writerOf(actor, 'boards:write');
  return transact(deps.db, async (trx) => {
    const board = await findVisibleBoard(trx, writer, boardId);
    if ((await removeBoardFollows(trx, [board.id], writer.userId, Date.now())) > 0) {
      await deps.events.record(trx, writer.userId, { type: 'board.unfollowed', boardId: board.id });
    }
    return loadBoard(trx, board.id);
  });
}

/** Drops `userId`'s follows of these boards, each board's follower_count with it; answers how many went. */
export async function removeBoardFollows(db: Db, boardIds: readonly string[], userId: string, now: number): Promise<number> {
  let removed = 0;
  for (const boardId of boardIds) {
    if (!(await deleteBoardFollow(db, boardId, userId))) continue;
    await adjustBoard(db, boardId, { follower_count: -1 }, now);
    removed += 1;
  }
  return removed;
}

/** Topic follow and unfollow: idempotent, the topic's follower count moves only on a change. */
export async function setInterestFollowed(deps: Deps, actor: Actor, interestId: string, follow: boolean): Promise<void> {
  const writer = writerOf(actor, 'boards:write');
  await transact(deps.db, async (trx) => {
    const interest = await findInterestById(trx, interestId);
    if (!interest) throw new AppError('not_found');
    const changed = follow
      ? await insertInterestFollow(trx, writer.userId, interest.id, Date.now())
      : await deleteInterestFollow(trx, writer.userId, interest.id);
    if (!changed) return;
    await adjustInterestFollowers(trx, interest.id, follow ? 1 : -1);
    await deps.events.record(trx, writer.userId, { type: follow ? 'topic.followed' : 'topic.unfollowed', interestId: interest.id });
  });
}
