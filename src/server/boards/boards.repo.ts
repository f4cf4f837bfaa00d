import type { Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Board, BoardPrivacy, BoardsTable } from '../db/schema/boards-and-pins.ts';
import { counterChanges } from '../db/counters.ts';
import type { Reader } from '../access/authorized.ts';
import { visibleBoards } from '../access/visibility.repo.ts';
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

/** The settings a board's owner changes (counters move through adjustBoard). */
export type BoardRowChanges = Pick<
  Updateable<BoardsTable>,
  'name' | 'slug' | 'description' | 'privacy' | 'cover_pin_id' | 'is_quicksave' | 'archived_at' | 'owner_id' | 'pending_owner_id'
> & { updated_at: number };

export async function updateBoardRow(db: Db, boardId: string, changes: BoardRowChanges): Promise<void> {
  await db.updateTable('boards').set(changes).where('id', '=', boardId).execute();
}

export async function deleteBoardRow(db: Db, boardId: string): Promise<void> {
  await db.deleteFrom('boards').where('id', '=', boardId).execute();
}

export async function findBoardById(db: Db, id: string): Promise<Board | undefined> {
  return db.selectFrom('boards').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An owner's board by its slug, if the reader may see it. */
export async function findVisibleBoardBySlug(db: Db, reader: Reader, ownerId: string, slug: string): Promise<Board | undefined> {
  return db
    .selectFrom('boards')
    .selectAll()
    .where('boards.owner_id', '=', ownerId)
    .where('boards.slug', '=', slug)
    .where(visibleBoards(reader))
    .executeTakeFirst();
}

export async function findQuicksaveBoard(db: Db, ownerId: string): Promise<Board | undefined> {
  return db.selectFrom('boards').selectAll().where('owner_id', '=', ownerId).where('is_quicksave', '=', 1).executeTakeFirst();
}

export async function pinIdsOnBoard(db: Db, boardId: string): Promise<string[]> {
  const rows = await db.selectFrom('board_pins').select('pin_id').where('board_id', '=', boardId).execute();
  return rows.map((r) => r.pin_id);
}

export async function pinIdsInSection(db: Db, sectionId: string): Promise<string[]> {
  const rows = await db.selectFrom('board_pins').select('pin_id').where('section_id', '=', sectionId).execute();
  return rows.map((r) => r.pin_id);
}
