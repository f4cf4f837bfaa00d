import { sql } from 'kysely';
import type { Cursor } from '../common/bookmark.ts';
import { counterChanges } from '../db/counters.ts';
import type { Db } from '../db/database.ts';
import { afterCursor } from '../db/keyset.ts';
import type { BoardSection } from '../db/schema/boards-and-pins.ts';

/** More sections than one board list shows; boards with more are rare and page through the public API. */
const SECTIONS_LISTED = 500;

export async function findSection(db: Db, sectionId: string): Promise<BoardSection | undefined> {
  return db.selectFrom('board_sections').selectAll().where('id', '=', sectionId).executeTakeFirst();
}

export async function isSectionOfBoard(db: Db, sectionId: string, boardId: string): Promise<boolean> {
  const row = await db.selectFrom('board_sections').select('id').where('id', '=', sectionId).where('board_id', '=', boardId).executeTakeFirst();
  return row !== undefined;
}

/** A board's sections, oldest first (the order they were made). */
export async function sectionsOfBoard(db: Db, boardId: string): Promise<BoardSection[]> {
  return db.selectFrom('board_sections').selectAll().where('board_id', '=', boardId).orderBy('created_at').orderBy('id').limit(SECTIONS_LISTED).execute();
}

/** `size + 1` sections of a board after the cursor, oldest first, by (created time, id). */
export async function sectionsAfter(db: Db, boardId: string, cursor: Cursor | null, size: number): Promise<BoardSection[]> {
  let rows = db.selectFrom('board_sections').selectAll().where('board_id', '=', boardId);
  if (cursor) rows = rows.where(afterCursor(sql.ref('board_sections.created_at'), sql.ref('board_sections.id'), cursor, 'asc'));
  return rows
    .orderBy('created_at')
    .orderBy('id')
    .limit(size + 1)
    .execute();
}

export async function insertSection(db: Db, s: { id: string; boardId: string; title: string; now: number }): Promise<void> {
  await db.insertInto('board_sections').values({ id: s.id, board_id: s.boardId, title: s.title, created_at: s.now, updated_at: s.now }).execute();
}

export async function renameSectionRow(db: Db, sectionId: string, title: string, now: number): Promise<void> {
  await db.updateTable('board_sections').set({ title, updated_at: now }).where('id', '=', sectionId).execute();
}

export async function deleteSectionRow(db: Db, sectionId: string): Promise<void> {
  await db.deleteFrom('board_sections').where('id', '=', sectionId).execute();
}

export async function adjustSection(db: Db, sectionId: string, delta: number): Promise<void> {
  const changes = counterChanges({ pin_count: delta });
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('board_sections').set(changes).where('id', '=', sectionId).execute();
}
