import type { Db } from '../db/database.ts';
import type { Board } from '../db/schema/boards-and-pins.ts';

/** The board if it is being offered to the user. */
export async function findBoardOfferedTo(db: Db, boardId: string, userId: string): Promise<Board | undefined> {
  return db.selectFrom('boards').selectAll().where('id', '=', boardId).where('pending_owner_id', '=', userId).executeTakeFirst();
}

/** Clears the board's pending owner when the user is its owner or the pending owner; answers whether it did. */
export async function withdrawOffer(db: Db, boardId: string, userId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('boards')
    .set({ pending_owner_id: null, updated_at: now })
    .where('id', '=', boardId)
    .where('pending_owner_id', 'is not', null)
    .where((eb) => eb.or([eb('owner_id', '=', userId), eb('pending_owner_id', '=', userId)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** An offer made to someone who is no longer a collaborator lapses. */
export async function clearOfferTo(db: Db, boardId: string, userId: string): Promise<void> {
  await db.updateTable('boards').set({ pending_owner_id: null }).where('id', '=', boardId).where('pending_owner_id', '=', userId).execute();
}
