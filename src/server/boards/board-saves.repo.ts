import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { counterChanges } from '../db/counters.ts';
import type { Db } from '../db/database.ts';

/**
 * What deleting a board or a section, or changing a board's privacy, does to the pins saved there:
 * each loses (or gains) a save in its save count, and a pin no other board holds is deleted with
 * the board or section.
 */

export async function countSavesOnBoard(db: Db, boardId: string): Promise<number> {
  const row = await db
    .selectFrom('board_pins')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('board_id', '=', boardId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countSavesInSection(db: Db, sectionId: string): Promise<number> {
  const row = await db
    .selectFrom('board_pins')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('section_id', '=', sectionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The pins of a board lose its saves (from their save counts when the board is public); those on
 * no other board are deleted. The saves go with the board's row.
 */
export async function releaseBoardPins(db: Db, boardId: string, isPublic: boolean, now: number): Promise<void> {
  const onBoard = sql<SqlBool>`pins.id in (select bp.pin_id from board_pins bp where bp.board_id = ${boardId})`;
  const nowhereElse = sql<SqlBool>`not exists (select 1 from board_pins o where o.pin_id = pins.id and o.board_id <> ${boardId})`;
  if (isPublic) await shiftPinSaves(db, onBoard, -1);
  await db.updateTable('pins').set({ deleted_at: now, updated_at: now }).where(onBoard).where('deleted_at', 'is', null).where(nowhereElse).execute();
}

/** The same for a section's pins, and its saves go. */
export async function releaseSectionPins(db: Db, sectionId: string, isPublic: boolean, now: number): Promise<void> {
  const inSection = sql<SqlBool>`pins.id in (select bp.pin_id from board_pins bp where bp.section_id = ${sectionId})`;
  const nowhereElse = sql<SqlBool>`not exists (select 1 from board_pins o where o.pin_id = pins.id and (o.section_id is null or o.section_id <> ${sectionId}))`;
  if (isPublic) await shiftPinSaves(db, inSection, -1);
  await db.updateTable('pins').set({ deleted_at: now, updated_at: now }).where(inSection).where('deleted_at', 'is', null).where(nowhereElse).execute();
  await db.deleteFrom('board_pins').where('section_id', '=', sectionId).execute();
}

/**
 * A board turned public (+1) or secret (-1): each live pin on it gains or loses that save in its
 * save count, which counts saves on public boards. Call with the board's row locked.
 */
export async function shiftBoardPinSaves(db: Db, boardId: string, delta: 1 | -1): Promise<void> {
  const onBoard = sql<SqlBool>`pins.id in (select bp.pin_id from board_pins bp where bp.board_id = ${boardId})`;
  await shiftPinSaves(db, sql<SqlBool>`(${onBoard} and pins.deleted_at is null)`, delta);
}

async function shiftPinSaves(db: Db, which: RawBuilder<SqlBool>, delta: number): Promise<void> {
  await db
    .updateTable('pins')
    .set(counterChanges({ save_count: delta }))
    .where(which)
    .execute();
}

/** Whether the pin is saved on the board (a cover must be). */
export async function isSavedOn(db: Db, boardId: string, pinId: string): Promise<boolean> {
  const save = await db.selectFrom('board_pins').select('id').where('board_id', '=', boardId).where('pin_id', '=', pinId).executeTakeFirst();
  return save !== undefined;
}

/** Which of these boards already hold the pin (the picker's "saved" marks), in one query. */
export async function boardsHoldingPin(db: Db, boardIds: readonly string[], pinId: string): Promise<Set<string>> {
  if (boardIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('board_pins')
    .select('board_id')
    .where('pin_id', '=', pinId)
    .where('board_id', 'in', [...boardIds])
    .execute();
  return new Set(rows.map((r) => r.board_id));
}
