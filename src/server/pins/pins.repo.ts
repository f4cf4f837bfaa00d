import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { counterChanges } from '../db/counters.ts';
import type { BoardPrivacy, Pin } from '../db/schema/boards-and-pins.ts';

/** The pins table: a pin's row, its hides, and the save count kept on it (saves on public boards: who keeps a pin secretly is not told). */

export async function insertPin(db: Db, pin: Pin): Promise<void> {
  await db.insertInto('pins').values(pin).execute();
}

export type PinTextColumns = Pick<Pin, 'title' | 'description' | 'alt_text' | 'link' | 'domain' | 'comments_disabled' | 'updated_at'>;

export async function updatePinText(db: Db, pinId: string, changes: PinTextColumns): Promise<void> {
  await db.updateTable('pins').set(changes).where('id', '=', pinId).execute();
}

/** A deleted pin keeps its row (deleted_at) so links to it answer 404 and its media can be collected. */
export async function markPinDeleted(db: Db, pinId: string, now: number): Promise<void> {
  await db.updateTable('pins').set({ deleted_at: now, updated_at: now, save_count: 0 }).where('id', '=', pinId).execute();
}

export async function creatorOfPin(db: Db, pinId: string): Promise<string> {
  return (await db.selectFrom('pins').select('creator_id').where('id', '=', pinId).executeTakeFirstOrThrow()).creator_id;
}

/**
 * A save of the pin on the board arrived (delta > 0) or left (delta < 0): the pin's save count
 * moves when the board is public. The board's privacy is read in this statement, after the
 * change locked the board's row (its counters), so a privacy change on the board and this save
 * are counted one after the other.
 */
export async function adjustPinSaves(db: Db, pinId: string, boardId: string, delta: number): Promise<void> {
  await db
    .updateTable('pins')
    .set(counterChanges({ save_count: delta }))
    .where('id', '=', pinId)
    .where((eb) => eb.exists(eb.selectFrom('boards').select('boards.id').where('boards.id', '=', boardId).where('boards.privacy', '=', 'public')))
    .execute();
}

/** Marks the pin deleted when no board holds it any more. */
export async function deletePinIfUnsaved(db: Db, pinId: string, now: number): Promise<void> {
  await db
    .updateTable('pins')
    .set({ deleted_at: now, updated_at: now })
    .where('id', '=', pinId)
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`not exists (select 1 from board_pins o where o.pin_id = pins.id)`)
    .execute();
}

/** Every save of a pin, with what the counters need of its board. */
export async function savesOfPin(db: Db, pinId: string): Promise<{ board_id: string; section_id: string | null; owner_id: string; privacy: BoardPrivacy }[]> {
  return db
    .selectFrom('board_pins')
    .innerJoin('boards', 'boards.id', 'board_pins.board_id')
    .select(['board_pins.board_id', 'board_pins.section_id', 'boards.owner_id', 'boards.privacy'])
    .where('board_pins.pin_id', '=', pinId)
    .execute();
}

export async function deleteSavesOfPin(db: Db, pinId: string): Promise<void> {
  await db.deleteFrom('board_pins').where('pin_id', '=', pinId).execute();
}

/** Repeating a hide is harmless. */
export async function insertHiddenPin(db: Db, userId: string, pinId: string, now: number): Promise<void> {
  await db
    .insertInto('hidden_pins')
    .values({ user_id: userId, pin_id: pinId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'pin_id']).doNothing())
    .execute();
}

export async function deleteHiddenPin(db: Db, userId: string, pinId: string): Promise<void> {
  await db.deleteFrom('hidden_pins').where('user_id', '=', userId).where('pin_id', '=', pinId).execute();
}
