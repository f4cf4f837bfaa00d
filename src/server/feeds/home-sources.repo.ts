import { sql } from 'kysely';
import type { Reader } from '../access/authorized.ts';
import { visibleBoards } from '../access/visibility.repo.ts';
import type { Cursor } from '../common/bookmark.ts';
import type { Db } from '../db/database.ts';
import { afterCursor } from '../db/keyset.ts';

/** What the home feed's sources read of the reader's follows and saves. */

export type SaveRow = { id: string; pin_id: string; created_at: number; board_id: string; ref: string | null };

/**
 * Saves made until `asOf`, newest first after `before`, by the people the reader follows (ref:
 * the person) or to the boards they follow (ref: the board). Not checked for the reader yet.
 */
export async function followedSaveRows(
  db: Db,
  readerId: string,
  through: 'followed_user' | 'followed_board',
  page: { before: Cursor | null; limit: number; asOf: number },
): Promise<SaveRow[]> {
  const saves = db.selectFrom('board_pins as bp').select(['bp.id', 'bp.pin_id', 'bp.created_at', 'bp.board_id']);
  let query =
    through === 'followed_user'
      ? saves.innerJoin('user_follows as f', 'f.followee_id', 'bp.saved_by').select('f.followee_id as ref').where('f.follower_id', '=', readerId)
      : saves.innerJoin('board_follows as f', 'f.board_id', 'bp.board_id').select('bp.board_id as ref').where('f.user_id', '=', readerId);
  query = query.where('bp.created_at', '<=', page.asOf);
  if (page.before) query = query.where(afterCursor(sql.ref('bp.created_at'), sql.ref('bp.id'), page.before, 'desc'));
  return query.orderBy('bp.created_at', 'desc').orderBy('bp.id', 'desc').limit(page.limit).execute();
}

/** The boards among `ids` the reader may see. */
export async function visibleBoardIds(db: Db, reader: Reader, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('boards')
    .select('boards.id')
    .where('boards.id', 'in', [...new Set(ids)])
    .where(visibleBoards(reader))
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The topics the reader followed most recently, newest first. */
export async function followedTopics(db: Db, readerId: string, limit: number): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('interest_follows as f')
    .innerJoin('interests as i', 'i.id', 'f.interest_id')
    .select(['i.id', 'i.name'])
    .where('f.user_id', '=', readerId)
    .orderBy('f.created_at', 'desc')
    .limit(limit)
    .execute();
}

/** The pins of the reader's newest `limit` saves, newest first (a pin saved twice comes twice). */
export async function newestSavedPinIds(db: Db, readerId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('board_pins')
    .select('pin_id')
    .where('saved_by', '=', readerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.pin_id);
}

/**
 * Whether what a list reads of the reader's follows changed after `asOf`: new saves by the people
 * or to the boards they follow, follows of their own, saves of their own (the walks' seeds).
 */
export async function followsMovedSince(db: Db, readerId: string, asOf: number): Promise<boolean> {
  const { rows } = await sql<{ moved: number }>`select case when
    exists (select 1 from user_follows f inner join board_pins bp on bp.saved_by = f.followee_id where f.follower_id = ${readerId} and bp.created_at > ${asOf})
    or exists (select 1 from board_follows f inner join board_pins bp on bp.board_id = f.board_id where f.user_id = ${readerId} and bp.created_at > ${asOf})
    or exists (select 1 from user_follows where follower_id = ${readerId} and created_at > ${asOf})
    or exists (select 1 from board_follows where user_id = ${readerId} and created_at > ${asOf})
    or exists (select 1 from interest_follows where user_id = ${readerId} and created_at > ${asOf})
    or exists (select 1 from board_pins where saved_by = ${readerId} and created_at > ${asOf})
    then 1 else 0 end as moved`.execute(db);
  return rows[0]?.moved === 1;
}
