import type { Reader } from '../access/authorized.ts';
import { shownPins, visibleBoards } from '../access/visibility.repo.ts';
import { boardsOfMember } from '../boards/board-lists.repo.ts';
import type { Db } from '../db/database.ts';
import type { Board, Pin } from '../db/schema/boards-and-pins.ts';

/** The pins with these ids that `userId` saved on a board the reader may see, and the reader may be shown. */
export async function savedShownPinsByIds(db: Db, reader: Reader, userId: string, ids: readonly string[]): Promise<Pin[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('pins')
    .selectAll()
    .where('pins.id', 'in', [...ids])
    .where(shownPins(reader))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('board_pins')
          .innerJoin('boards', 'boards.id', 'board_pins.board_id')
          .select('board_pins.id')
          .whereRef('board_pins.pin_id', '=', 'pins.id')
          .where('board_pins.saved_by', '=', userId)
          .where(visibleBoards(reader)),
      ),
    )
    .execute();
}

/** The boards with these ids that `userId` owns or collaborates on. */
export async function memberBoardsByIds(db: Db, userId: string, ids: readonly string[]): Promise<Board[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('boards')
    .selectAll()
    .where('boards.id', 'in', [...ids])
    .where(boardsOfMember(userId))
    .execute();
}
