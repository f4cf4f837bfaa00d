import { sql } from 'kysely';
import type { Reader } from '../access/authorized.ts';
import { listablePins } from '../access/visibility.repo.ts';
import type { Cursor } from '../common/bookmark.ts';
import type { Db } from '../db/database.ts';
import { afterCursor } from '../db/keyset.ts';
import type { PinKind } from '../db/schema/boards-and-pins.ts';

export type BoardPinsQuery = {
  /** One section's pins; null for the pins in no section; absent for the whole board. */
  sectionId?: string | null | undefined;
  kinds?: readonly PinKind[] | undefined;
  cursor: Cursor | null;
  size: number;
};

/** `size + 1` saves of a board with their pins, newest save first, after the cursor; only pins the reader may list. */
export async function boardPinsAfter(db: Db, reader: Reader, boardId: string, q: BoardPinsQuery) {
  let rows = db
    .selectFrom('board_pins as bp')
    .innerJoin('pins', 'pins.id', 'bp.pin_id')
    .selectAll('pins')
    .select(['bp.id as save_id', 'bp.section_id as save_section_id', 'bp.created_at as saved_at'])
    .where('bp.board_id', '=', boardId)
    .where(listablePins(reader));
  if (q.sectionId) rows = rows.where('bp.section_id', '=', q.sectionId);
  if (q.sectionId === null) rows = rows.where('bp.section_id', 'is', null);
  if (q.kinds) rows = rows.where('pins.kind', 'in', [...q.kinds]);
  if (q.cursor) rows = rows.where(afterCursor(sql.ref('bp.created_at'), sql.ref('bp.id'), q.cursor, 'desc'));
  return rows
    .orderBy('bp.created_at', 'desc')
    .orderBy('bp.id', 'desc')
    .limit(q.size + 1)
    .execute();
}
