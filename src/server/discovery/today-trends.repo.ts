import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** What the week's trends are read from: saves on public boards, and members' recent searches. */

/**
 * The pins saved most to public boards since `since` (by members of `country` when given), live
 * and safe, with how often, at most `limit`.
 */
export async function mostSavedPins(db: Db, since: number, country: string | null, limit: number): Promise<{ pinId: string; saves: number }[]> {
  let query = db
    .selectFrom('board_pins as bp')
    .innerJoin('boards', 'boards.id', 'bp.board_id')
    .innerJoin('pins', 'pins.id', 'bp.pin_id')
    .select((eb) => ['bp.pin_id', eb.fn.countAll<number | string>().as('saves')])
    .where('bp.created_at', '>=', since)
    .where('boards.privacy', '=', 'public')
    .where('pins.deleted_at', 'is', null)
    .where('pins.is_unsafe', '=', 0);
  if (country !== null) query = query.where('bp.saved_by', 'in', (eb) => eb.selectFrom('users').select('id').where('country', '=', country));
  const rows = await query
    .groupBy('bp.pin_id')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('bp.pin_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ pinId: r.pin_id, saves: Number(r.saves) }));
}

/**
 * Searches (their compared form) at least `minSearchers` members of `country` made since `since`,
 * from their recent searches (not their own-pins ones), most searchers first, at most `limit`.
 */
export async function searchesOfMany(db: Db, since: number, country: string, minSearchers: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('recent_searches as rs')
    .innerJoin('users', 'users.id', 'rs.user_id')
    .select((eb) => ['rs.query_key', eb.fn.count<number | string>('rs.user_id').distinct().as('searchers')])
    .where('rs.list', '=', 'recent')
    .where('rs.searched_at', '>=', since)
    .where('users.country', '=', country)
    .groupBy('rs.query_key')
    .having((eb) => eb.fn.count('rs.user_id').distinct(), '>=', minSearchers)
    .orderBy(sql`count(distinct rs.user_id)`, 'desc')
    .orderBy('rs.query_key')
    .limit(limit)
    .execute();
  return rows.map((r) => r.query_key);
}
