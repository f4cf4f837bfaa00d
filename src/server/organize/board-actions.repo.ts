import type { Db } from '../db/database.ts';
import type { BoardAction, BoardActionsTable } from '../db/schema/board-actions.ts';
import type { Insertable } from 'kysely';

/** The queries of board blocking actions: the actions, the saves they work on, moderators' removals. */

/** How many actions of a board its answer lists, newest first. */
const ACTIONS_LISTED = 50;

export async function insertAction(db: Db, row: Insertable<BoardActionsTable>): Promise<void> {
  await db.insertInto('board_actions').values(row).execute();
}

export async function findAction(db: Db, actionId: string): Promise<BoardAction | undefined> {
  return db.selectFrom('board_actions').selectAll().where('id', '=', actionId).executeTakeFirst();
}

export async function updateAction(
  db: Db,
  actionId: string,
  changes: Pick<BoardAction, 'done_count' | 'moved_count' | 'removed_count' | 'progress' | 'state' | 'finished_at'>,
): Promise<void> {
  await db.updateTable('board_actions').set(changes).where('id', '=', actionId).execute();
}

export async function actionsOfBoard(db: Db, boardId: string): Promise<BoardAction[]> {
  return db
    .selectFrom('board_actions')
    .selectAll()
    .where('board_id', '=', boardId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(ACTIONS_LISTED)
    .execute();
}

/** The board's saves of these pins, with their creators (what a move to a public board checks). */
export async function savesOfPins(db: Db, boardId: string, pinIds: readonly string[]) {
  if (pinIds.length === 0) return [];
  return db
    .selectFrom('board_pins')
    .innerJoin('pins', 'pins.id', 'board_pins.pin_id')
    .select(['board_pins.id', 'board_pins.pin_id', 'board_pins.section_id', 'pins.creator_id'])
    .where('board_pins.board_id', '=', boardId)
    .where('board_pins.pin_id', 'in', [...pinIds])
    .execute();
}

/**
 * Pins on the board an operator hid (moderation's hide_pin), each with the reason of the decision
 * that hid it and the section its save sits in; newest first.
 */
export async function moderatorRemovals(db: Db, boardId: string) {
  return db
    .selectFrom('moderated_pins as m')
    .innerJoin('board_pins as bp', 'bp.pin_id', 'm.pin_id')
    .select(['m.case_id', 'm.pin_id', 'm.hidden_at', 'bp.section_id'])
    .select((eb) =>
      eb
        .selectFrom('moderation_actions as a')
        .select('a.reason')
        .whereRef('a.case_id', '=', 'm.case_id')
        .where('a.action', '=', 'hide_pin')
        .orderBy('a.created_at', 'desc')
        .limit(1)
        .as('reason'),
    )
    .where('bp.board_id', '=', boardId)
    .orderBy('m.hidden_at', 'desc')
    .limit(ACTIONS_LISTED)
    .execute();
}

/** The boards actions moved pins to, with what their links need. */
export async function boardLinks(db: Db, boardIds: readonly string[]) {
  if (boardIds.length === 0) return [];
  return db
    .selectFrom('boards')
    .innerJoin('users', 'users.id', 'boards.owner_id')
    .select(['boards.id', 'boards.name', 'boards.slug', 'users.username'])
    .where('boards.id', 'in', [...boardIds])
    .execute();
}
