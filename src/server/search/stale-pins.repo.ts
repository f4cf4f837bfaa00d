import { sql, type SqlBool } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * Pins waiting for their documents to be rebuilt (stale-pins.ts): `search_stale_pins`, left out
 * of every search until rebuilt, and `search_pending_pins`, still found as their documents were.
 */
export type WaitingTable = 'search_stale_pins' | 'search_pending_pins';

const MARK_BATCH = 500;

/** Marks these pins stale (again: a newer mark replaces an older one). */
export async function markPinsStale(db: Db, pinIds: readonly string[], now: number): Promise<void> {
  for (let i = 0; i < pinIds.length; i += MARK_BATCH) {
    await db
      .insertInto('search_stale_pins')
      .values(pinIds.slice(i, i + MARK_BATCH).map((pin_id) => ({ pin_id, marked_at: now })))
      .onConflict((oc) => oc.column('pin_id').doUpdateSet({ marked_at: now }))
      .execute();
  }
}

export async function anyPinWaiting(db: Db, table: WaitingTable): Promise<boolean> {
  return (await db.selectFrom(table).select('pin_id').limit(1).executeTakeFirst()) !== undefined;
}

/** The first waiting pins by id, with their marks. */
export async function waitingPins(db: Db, table: WaitingTable, limit: number): Promise<{ pin_id: string; marked_at: number }[]> {
  return db.selectFrom(table).select(['pin_id', 'marked_at']).orderBy('pin_id').limit(limit).execute();
}

/** Removes a pin's mark unless it was marked again after `markedAt`. */
export async function unmarkPin(db: Db, table: WaitingTable, pinId: string, markedAt: number): Promise<void> {
  await db.deleteFrom(table).where('pin_id', '=', pinId).where('marked_at', '<=', markedAt).execute();
}

/** The stale pins among `ids`. */
export async function stalePinsAmong(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('search_stale_pins')
    .select('pin_id')
    .where('pin_id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.pin_id));
}

/** The condition "not waiting for a reindex" on `pins`, for every search of pins. */
export const notStale = sql<SqlBool>`not exists (select 1 from search_stale_pins ssp where ssp.pin_id = pins.id)`;
/** The same on a document (`search_pins as sp`): a stale one is not even a candidate. */
export const notStaleDocument = sql<SqlBool>`not exists (select 1 from search_stale_pins ssp where ssp.pin_id = sp.pin_id)`;
