import { sql } from 'kysely';
import type { Actor } from '../access/actor.ts';
import { findVisibleBoard } from '../access/board.policy.ts';
import { adjustBoard } from '../boards/boards.repo.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { adjustProfile, counterChanges } from './counters.ts';
import { writerOf, type Writer } from '../access/authorized.ts';
import { transact } from '../db/transaction.ts';
import { notBlocked } from '../access/visibility.repo.ts';

/** How many users one bulk follow may name. */
export const BULK_FOLLOW_MAX = 50;

/** The users among `ids` the writer may follow: they exist, are not the writer, no block either way. */
async function followableUsers(db: Db, writer: Writer, ids: readonly string[]): Promise<string[]> {
  const others = [...new Set(ids)].filter((id) => id !== writer.userId);
  if (others.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('users.id', 'in', others)
    .where(notBlocked(writer, sql.ref('users.id')))
    .execute();
  return rows.map((r) => r.id);
}

/** Inserts the follow if new; only a new follow moves the counts (+1 followers, +1 following). */
async function addUserFollow(db: Db, followerId: string, followeeId: string, now: number): Promise<void> {
  const result = await db
    .insertInto('user_follows')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: now })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) return;
  await moveFollowCounts(db, followerId, followeeId, 1, now);
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

/** Removes the follow if it exists; only then the counts move back (-1, never below 0). */
export async function removeUserFollow(db: Db, followerId: string, followeeId: string, now: number): Promise<void> {
  const result = await db.deleteFrom('user_follows').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).executeTakeFirst();
  if (result.numDeletedRows === 0n) return;
  await moveFollowCounts(db, followerId, followeeId, -1, now);
}

/** Follow sets explicitly_followed_by_me and raises the followee's follower_count by 1. */
export async function followUser(deps: Deps, actor: Actor, userId: string): Promise<void> {
  const writer = writerOf(actor, 'boards:write');
  if (userId === writer.userId) throw new AppError('bad_request', 'You cannot follow yourself.');
  await transact(deps.db, async (trx) => {
    if ((await followableUsers(trx, writer, [userId])).length === 0) throw new AppError('not_found');
    await addUserFollow(trx, writer.userId, userId, Date.now());
  });
}

/** Unfollow clears the flag and lowers follower_count by 1 (not below 0). */
export async function unfollowUser(deps: Deps, actor: Actor, userId: string): Promise<void> {
  const writer = writerOf(actor, 'boards:write');
  await transact(deps.db, async (trx) => {
    if ((await followableUsers(trx, writer, [userId])).length === 0) throw new AppError('not_found');
    await removeUserFollow(trx, writer.userId, userId, Date.now());
  });
}

/** Bulk follow: follows every user of the list the writer may follow; answers those now followed. */
export async function followUsers(deps: Deps, actor: Actor, userIds: readonly string[]): Promise<string[]> {
  const writer = writerOf(actor, 'boards:write');
  if (userIds.length > BULK_FOLLOW_MAX) throw new AppError('bad_request', `user_ids: At most ${BULK_FOLLOW_MAX} at once.`);
  return transact(deps.db, async (trx) => {
    const ids = await followableUsers(trx, writer, userIds);
    const now = Date.now();
    for (const id of ids) await addUserFollow(trx, writer.userId, id, now);
    return ids;
  });
}

/** Board follow: a board the writer may see and does not own; follower_count + 1 when new. */
export async function followBoard(deps: Deps, actor: Actor, boardId: string): Promise<void> {
  const writer = writerOf(actor, 'boards:write');
  await transact(deps.db, async (trx) => {
    const board = await findVisibleBoard(trx, writer, boardId);
    if (board.owner_id === writer.userId) throw new AppError('bad_request', 'You cannot follow your own board.');
    const now = Date.now();
    const result = await trx
      .insertInto('board_follows')
      .values({ user_id: writer.userId, board_id: board.id, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'board_id']).doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) > 0) await adjustBoard(trx, board.id, { follower_count: 1 }, now);
  });
}

export async function unfollowBoard(deps: Deps, actor: Actor, boardId: string): Promise<void> {
  const writer = writerOf(actor, 'boards:write');
  await transact(deps.db, async (trx) => {
    const board = await findVisibleBoard(trx, writer, boardId);
    await removeBoardFollows(trx, [board.id], writer.userId, Date.now());
  });
}

/** Drops `userId`'s follows of these boards, each board's follower_count with it. */
export async function removeBoardFollows(db: Db, boardIds: readonly string[], userId: string, now: number): Promise<void> {
  for (const boardId of boardIds) {
    const result = await db.deleteFrom('board_follows').where('board_id', '=', boardId).where('user_id', '=', userId).executeTakeFirst();
    if (result.numDeletedRows > 0n) await adjustBoard(db, boardId, { follower_count: -1 }, now);
  }
}

/** Topic follow and unfollow: idempotent, the topic's follower count moves only on a change. */
export async function setInterestFollowed(deps: Deps, actor: Actor, interestId: string, follow: boolean): Promise<void> {
  const writer = writerOf(actor, 'boards:write');
  await transact(deps.db, async (trx) => {
    const interest = await trx.selectFrom('interests').select('id').where('id', '=', interestId).executeTakeFirst();
    if (!interest) throw new AppError('not_found');
    const changed = follow
      ? Number(
          (
            await trx
              .insertInto('interest_follows')
              .values({ user_id: writer.userId, interest_id: interest.id, created_at: Date.now() })
              .onConflict((oc) => oc.columns(['user_id', 'interest_id']).doNothing())
              .executeTakeFirst()
          ).numInsertedOrUpdatedRows ?? 0n,
        ) > 0
      : (await trx.deleteFrom('interest_follows').where('user_id', '=', writer.userId).where('interest_id', '=', interest.id).executeTakeFirst())
          .numDeletedRows > 0n;
    if (changed)
      await trx
        .updateTable('interests')
        .set(counterChanges({ follower_count: follow ? 1 : -1 }))
        .where('id', '=', interest.id)
        .execute();
  });
}
