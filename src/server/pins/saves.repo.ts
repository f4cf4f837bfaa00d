import type { Db } from '../db/database.ts';
import type { Board, BoardPin } from '../db/schema/boards-and-pins.ts';

/** Saves: the board_pins rows that put a pin on a board (and section). */

export async function insertSave(db: Db, save: BoardPin): Promise<void> {
  await db.insertInto('board_pins').values(save).execute();
}

/** Inserts the save unless the board already holds the pin; whether it did. */
export async function insertSaveIfNew(db: Db, save: BoardPin): Promise<boolean> {
  const inserted = await db
    .insertInto('board_pins')
    .values(save)
    .onConflict((oc) => oc.columns(['board_id', 'pin_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function findSave(db: Db, saveId: string): Promise<BoardPin | undefined> {
  return db.selectFrom('board_pins').selectAll().where('id', '=', saveId).executeTakeFirst();
}

export async function saveOnBoard(db: Db, boardId: string, pinId: string): Promise<BoardPin | undefined> {
  return db.selectFrom('board_pins').selectAll().where('board_id', '=', boardId).where('pin_id', '=', pinId).executeTakeFirst();
}

export async function deleteSave(db: Db, saveId: string): Promise<void> {
  await db.deleteFrom('board_pins').where('id', '=', saveId).execute();
}

export async function moveSaveRow(db: Db, saveId: string, place: { boardId: string; sectionId: string | null }): Promise<void> {
  await db.updateTable('board_pins').set({ board_id: place.boardId, section_id: place.sectionId }).where('id', '=', saveId).execute();
}

/** The board the user saved to last that is not archived and that they own or collaborate on. */
export async function lastBoardSavedTo(db: Db, userId: string): Promise<Board | undefined> {
  return db
    .selectFrom('board_pins')
    .innerJoin('boards', 'boards.id', 'board_pins.board_id')
    .selectAll('boards')
    .where('board_pins.saved_by', '=', userId)
    .where('boards.archived_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('boards.owner_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('board_collaborators as c')
            .select('c.user_id')
            .whereRef('c.board_id', '=', 'boards.id')
            .where('c.user_id', '=', userId)
            .where('c.status', '=', 'accepted'),
        ),
      ]),
    )
    .orderBy('board_pins.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
