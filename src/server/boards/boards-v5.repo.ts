import { sql } from 'kysely';
import type { Reader } from '../access/authorized.ts';
import { listablePins } from '../access/visibility.repo.ts';
import type { Db } from '../db/database.ts';

/** The media of each board's newest `perBoard` pins the reader may list, newest first, in one query. */
export async function newestListablePinMedia(
  db: Db,
  reader: Reader,
  boardIds: readonly string[],
  perBoard: number,
): Promise<{ board_id: string; media_id: string | null }[]> {
  if (boardIds.length === 0) return [];
  const ranked = db
    .selectFrom('board_pins as bp')
    .innerJoin('pins', 'pins.id', 'bp.pin_id')
    .select(['bp.board_id', 'pins.media_id', sql<number>`row_number() over (partition by bp.board_id order by bp.created_at desc, bp.id desc)`.as('rank')])
    .where('bp.board_id', 'in', [...boardIds])
    .where(listablePins(reader))
    .as('ranked');
  return db.selectFrom(ranked).select(['ranked.board_id', 'ranked.media_id']).where('ranked.rank', '<=', perBoard).orderBy('ranked.rank').execute();
}
