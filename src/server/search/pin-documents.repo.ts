import type { RawBuilder, SqlBool } from 'kysely';
import type { Db, Dialect } from '../db/database.ts';
import { PIN_DOCUMENT_COLUMNS, type PinDocumentText } from './pin-postings.ts';
import { notStaleDocument } from './stale-pins.repo.ts';
import { matchSource } from './text-match.repo.ts';
import type { MatchIndex, MatchScope, TextQuery } from './text-match.ts';

/** The pins' search documents (`search_pins`) as the postings and the matcher read them. */

/** Listed documents after `after` in id order, a page of `limit`: the postings' build. */
export async function listedDocumentsAfter(db: Db, after: string, limit: number): Promise<PinDocumentText[]> {
  return db
    .selectFrom('search_pins')
    .select(PIN_DOCUMENT_COLUMNS)
    .where('is_public', '=', 1)
    .where('pin_id', '>', after)
    .orderBy('pin_id')
    .limit(limit)
    .execute();
}

/** The ids of the documents indexed after `since` (their index on `indexed_at`), with when. */
export async function documentsIndexedAfter(db: Db, since: number): Promise<{ pin_id: string; indexed_at: number }[]> {
  return db.selectFrom('search_pins').select(['pin_id', 'indexed_at']).where('indexed_at', '>', since).execute();
}

export type DocumentState = PinDocumentText & { is_public: number; indexed_at: number };

/** These documents, whether listed and when indexed. */
export async function documentsByIds(db: Db, ids: readonly string[]): Promise<DocumentState[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('search_pins')
    .select([...PIN_DOCUMENT_COLUMNS, 'is_public', 'indexed_at'])
    .where('pin_id', 'in', [...ids])
    .execute();
}

/** The documents of a match (text-match.repo.ts), none waiting for a reindex, through a document filter if one is given. */
export async function matchingDocuments(
  db: Db,
  dialect: Dialect,
  index: MatchIndex,
  query: TextQuery,
  scope: MatchScope,
  filter: RawBuilder<SqlBool> | null,
): Promise<PinDocumentText[]> {
  let documents = db
    .selectFrom(matchSource(dialect, index, query, scope).as('m'))
    .innerJoin('search_pins as sp', 'sp.pin_id', 'm.doc_id')
    .select(PIN_DOCUMENT_COLUMNS)
    .where(notStaleDocument);
  if (filter) documents = documents.where(filter);
  return documents.execute();
}

/** The documents among `ids` not waiting for a reindex and through the filter. */
export async function currentDocumentIds(db: Db, ids: readonly string[], filter: RawBuilder<SqlBool>): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('search_pins as sp')
    .select('sp.pin_id')
    .where('sp.pin_id', 'in', [...ids])
    .where(notStaleDocument)
    .where(filter)
    .execute();
  return new Set(rows.map((r) => r.pin_id));
}
