import type { Db } from '../db/database.ts';
import { notStale } from '../search/stale-pins.repo.ts';

/**
 * The newest listed pins (on some public board), live and safe, none waiting for a reindex: what
 * the signed-out home ranks. Read from the search documents, which know whether a pin is listed.
 */
export async function newestListedPins(db: Db, limit: number): Promise<{ id: string; save_count: number; created_at: number }[]> {
  return db
    .selectFrom('search_pins as sp')
    .innerJoin('pins', 'pins.id', 'sp.pin_id')
    .select(['pins.id', 'pins.save_count', 'pins.created_at'])
    .where('sp.is_public', '=', 1)
    .where('pins.deleted_at', 'is', null)
    .where('pins.is_unsafe', '=', 0)
    .where(notStale)
    .orderBy('sp.pin_id', 'desc')
    .limit(limit)
    .execute();
}
