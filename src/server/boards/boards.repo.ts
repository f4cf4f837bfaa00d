import type { Db } from '../db/database.ts';
import type { Board, BoardPrivacy, BoardSection } from '../db/schema/boards-and-pins.ts';
import { counterChanges } from '../social/counters.ts';
import { firstFreeSlug } from './slug.ts';

export type BoardCounter = 'pin_count' | 'sectionless_pin_count' | 'section_count' | 'follower_count' | 'collaborator_count';

export async function adjustBoard(db: Db, boardId: string, deltas: Partial<Record<BoardCounter, number>>, now: number, pinsModified = false): Promise<void> {
  const changes = counterChanges(deltas);
  if (Object.keys(changes).length === 0 && !pinsModified) return;
  await db
    .updateTable('boards')
    .set({ ...changes, ...(pinsModified ? { pins_modified_at: now } : {}) })
    .where('id', '=', boardId)
    .execute();
}

export async function adjustSection(db: Db, sectionId: string, delta: number): Promise<void> {
  const changes = counterChanges({ pin_count: delta });
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('board_sections').set(changes).where('id', '=', sectionId).execute();
}

/** A free slug for `base` among the owner's boards (one query for every candidate). */
export async function freeSlug(db: Db, ownerId: string, base: string, exceptBoardId?: string): Promise<string> {
  let query = db
    .selectFrom('boards')
    .select('slug')
    .where('owner_id', '=', ownerId)
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]));
  if (exceptBoardId) query = query.where('id', '!=', exceptBoardId);
  const rows = await query.execute();
  return firstFreeSlug(base, new Set(rows.map((r) => r.slug)));
}

export type NewBoardRow = {
  id: string;
  ownerId: string;
  name: string;
  slug: string;
  description: string;
  privacy: BoardPrivacy;
  quicksave: boolean;
  now: number;
};

export async function insertBoard(db: Db, b: NewBoardRow): Promise<void> {
  await db
    .insertInto('boards')
    .values({
      id: b.id,
      owner_id: b.ownerId,
      name: b.name,
      slug: b.slug,
      description: b.description,
      privacy: b.privacy,
      is_quicksave: b.quicksave ? 1 : 0,
      cover_pin_id: null,
      archived_at: null,
      pending_owner_id: null,
      pins_modified_at: null,
      created_at: b.now,
      updated_at: b.now,
    })
    .execute();
}

export async function findBoardById(db: Db, id: string): Promise<Board | undefined> {
  return db.selectFrom('boards').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findQuicksaveBoard(db: Db, ownerId: string): Promise<Board | undefined> {
  return db.selectFrom('boards').selectAll().where('owner_id', '=', ownerId).where('is_quicksave', '=', 1).executeTakeFirst();
}

export async function findSection(db: Db, sectionId: string): Promise<BoardSection | undefined> {
  return db.selectFrom('board_sections').selectAll().where('id', '=', sectionId).executeTakeFirst();
}

export async function insertSection(db: Db, s: { id: string; boardId: string; title: string; now: number }): Promise<void> {
  await db.insertInto('board_sections').values({ id: s.id, board_id: s.boardId, title: s.title, created_at: s.now, updated_at: s.now }).execute();
}

export async function pinIdsOnBoard(db: Db, boardId: string): Promise<string[]> {
  const rows = await db.selectFrom('board_pins').select('pin_id').where('board_id', '=', boardId).execute();
  return rows.map((r) => r.pin_id);
}

export async function pinIdsInSection(db: Db, sectionId: string): Promise<string[]> {
  const rows = await db.selectFrom('board_pins').select('pin_id').where('section_id', '=', sectionId).execute();
  return rows.map((r) => r.pin_id);
}
