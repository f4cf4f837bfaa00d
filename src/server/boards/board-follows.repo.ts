import type { Db } from '../db/database.ts';

/** Follows of boards: the board's follower_count moves with them (adjustBoard), in the same transaction. */

/** Inserts the follow if new; answers whether it was. */
export async function insertBoardFollow(db: Db, userId: string, boardId: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('board_follows')
    .values({ user_id: userId, board_id: boardId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'board_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Deletes the follow if it exists; answers whether it did. */
export async function deleteBoardFollow(db: Db, boardId: string, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('board_follows').where('board_id', '=', boardId).where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The boards of `ownerId` that `userId` follows. */
export async function followedBoardsOf(db: Db, ownerId: string, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('board_follows')
    .innerJoin('boards', 'boards.id', 'board_follows.board_id')
    .select('boards.id')
    .where('boards.owner_id', '=', ownerId)
    .where('board_follows.user_id', '=', userId)
    .execute();
  return rows.map((r) => r.id);
}
