import type { Writer } from '../access/authorized.ts';
import { visibleBoards } from '../access/visibility.repo.ts';
import type { Db } from '../db/database.ts';
import type { BoardPin } from '../db/schema/boards-and-pins.ts';

/** Where each of these (pin, board) saves is: its section and its board owner's username, in one query. */
export async function savePlacesOf(
  db: Db,
  pinIds: readonly string[],
  boardIds: readonly string[],
): Promise<{ pin_id: string; board_id: string; section_id: string | null; username: string }[]> {
  if (pinIds.length === 0 || boardIds.length === 0) return [];
  return db
    .selectFrom('board_pins as bp')
    .innerJoin('boards', 'boards.id', 'bp.board_id')
    .innerJoin('users', 'users.id', 'boards.owner_id')
    .select(['bp.pin_id', 'bp.board_id', 'bp.section_id', 'users.username'])
    .where('bp.pin_id', 'in', [...pinIds])
    .where('bp.board_id', 'in', [...boardIds])
    .execute();
}

/** The writer's own latest save of a pin on a board they may see. */
export async function latestOwnSave(db: Db, writer: Writer, pinId: string): Promise<BoardPin | undefined> {
  return db
    .selectFrom('board_pins')
    .innerJoin('boards', 'boards.id', 'board_pins.board_id')
    .selectAll('board_pins')
    .where('board_pins.pin_id', '=', pinId)
    .where('board_pins.saved_by', '=', writer.userId)
    .where(visibleBoards(writer))
    .orderBy('board_pins.created_at', 'desc')
    .orderBy('board_pins.id', 'desc')
    .executeTakeFirst();
}
