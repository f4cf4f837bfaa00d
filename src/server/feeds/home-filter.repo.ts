import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Pin } from '../db/schema/boards-and-pins.ts';
import type { HomeReader } from './follow-sources.ts';
import type { CandidateFacts } from './home-mix.ts';
import { listablePins, visiblePins } from '../access/visibility.repo.ts';

/**
 * What the home feed asks of the database about candidates, in one query per batch: the facts the
 * mix needs when a list is built, and, page by page, which pins the reader may see now.
 */

/**
 * Signatures are compared by their first 32 bits (8 hex characters), which keeps a stored list
 * small; one picture in four billion would be taken for another and left out.
 */
const SIGNATURE_CHARS = 8;

/** Not on a board the reader owns. Needs `pins` in scope. */
function notOnReaderBoards(readerId: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`not exists (select 1 from board_pins rbp inner join boards rb on rb.id = rbp.board_id
    where rbp.pin_id = pins.id and rb.owner_id = ${readerId})`;
}

/** Creator, picture and whether the reader has saved it, of the live pins among `ids`. */
export async function candidateFacts(db: Db, readerId: string, ids: readonly string[]): Promise<Map<string, CandidateFacts>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const [rows, saved] = await Promise.all([
    db
      .selectFrom('pins')
      .leftJoin('media', 'media.id', 'pins.media_id')
      .select(['pins.id', 'pins.creator_id', 'media.signature'])
      .where('pins.id', 'in', unique)
      .where('pins.deleted_at', 'is', null)
      .execute(),
    savedByReader(db, readerId, unique),
  ]);
  return new Map(
    rows.map((r) => [r.id, { creatorId: r.creator_id, signature: r.signature?.slice(0, SIGNATURE_CHARS) ?? null, onReaderBoard: saved.has(r.id) }]),
  );
}

/** The pins among `ids` on a board the reader owns, read from the pins' side (one index probe each). */
async function savedByReader(db: Db, readerId: string, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('board_pins as rbp')
    .innerJoin('boards as rb', 'rb.id', 'rbp.board_id')
    .select('rbp.pin_id')
    .where('rbp.pin_id', 'in', [...ids])
    .where('rb.owner_id', '=', readerId)
    .execute();
  return new Set(rows.map((r) => r.pin_id));
}

/**
 * The pins among `ids` the reader may see now: the pin policy (secret boards, blocks either way,
 * deleted, hidden by the reader), not unsafe, and still neither the reader's own nor saved by them
 * (the list may be older than their last save).
 */
export async function showablePins(db: Db, reader: HomeReader, ids: readonly string[]): Promise<Map<string, Pin>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('pins')
    .selectAll()
    .where('pins.id', 'in', [...ids])
    .where(visiblePins(reader))
    .where(listablePins(reader))
    .where('pins.is_unsafe', '=', 0)
    .where('pins.creator_id', '<>', reader.userId)
    .where(notOnReaderBoards(reader.userId))
    .execute();
  return new Map(rows.map((p) => [p.id, p]));
}
