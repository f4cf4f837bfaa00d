import type { Db } from '../db/database.ts';
import { notStale } from '../search/stale-pins.repo.ts';

/**
 * The newest listed videos (or products), live and safe, none waiting for a reindex: what the
 * videos and shopping pages rank. Read from the search documents, which say what a pin is.
 */
export async function newestListedOfKind(
  db: Db,
  kind: 'videos' | 'products',
  limit: number,
): Promise<{ id: string; save_count: number; created_at: number }[]> {
  const flag = kind === 'videos' ? 'sp.is_video' : 'sp.is_product';
  return db
    .selectFrom('search_pins as sp')
    .innerJoin('pins', 'pins.id', 'sp.pin_id')
    .select(['pins.id', 'pins.save_count', 'pins.created_at'])
    .where(flag, '=', 1)
    .where('sp.is_public', '=', 1)
    .where('pins.deleted_at', 'is', null)
    .where('pins.is_unsafe', '=', 0)
    .where(notStale)
    .orderBy('sp.pin_id', 'desc')
    .limit(limit)
    .execute();
}
