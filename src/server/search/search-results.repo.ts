import type { Db } from '../db/database.ts';
import type { Board, Pin } from '../db/schema/boards-and-pins.ts';

/** The rows of a page of results, by id (already checked for the reader; in no particular order). */

export async function pinsWithIds(db: Db, ids: readonly string[]): Promise<Pin[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('pins')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export async function boardsWithIds(db: Db, ids: readonly string[]): Promise<Board[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('boards')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}
