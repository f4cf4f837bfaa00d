import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { prefixEnd, reversed } from './search-text.ts';

/**
 * The words of listed pins with how many hold each (`search_terms`), kept in the transaction of
 * every index change (search-index.ts). Spelling correction and completion read it (vocabulary.ts).
 */

/** Applies count changes, words in a fixed order so concurrent writers lock them alike. */
export async function adjustTerms(db: Db, deltas: ReadonlyMap<string, number>): Promise<void> {
  const terms = [...deltas.keys()].sort();
  const added = terms.filter((t) => (deltas.get(t) ?? 0) > 0);
  const removed = terms.filter((t) => (deltas.get(t) ?? 0) < 0);
  for (let i = 0; i < added.length; i += 500) {
    const rows = added.slice(i, i + 500).map((term) => ({ term, reversed: reversed(term), doc_count: deltas.get(term) ?? 0 }));
    await db
      .insertInto('search_terms')
      .values(rows)
      .onConflict((oc) => oc.column('term').doUpdateSet({ doc_count: sql`search_terms.doc_count + excluded.doc_count` }))
      .execute();
  }
  const byDelta = new Map<number, string[]>();
  for (const term of removed) {
    const delta = deltas.get(term) ?? 0;
    byDelta.set(delta, [...(byDelta.get(delta) ?? []), term]);
  }
  for (const [delta, group] of byDelta) {
    for (let i = 0; i < group.length; i += 500) {
      const some = group.slice(i, i + 500);
      await db
        .updateTable('search_terms')
        .set({ doc_count: sql`doc_count + ${delta}` })
        .where('term', 'in', some)
        .execute();
    }
  }
  if (removed.length > 0) {
    for (let i = 0; i < removed.length; i += 500) {
      await db
        .deleteFrom('search_terms')
        .where('term', 'in', removed.slice(i, i + 500))
        .where('doc_count', '<=', 0)
        .execute();
    }
  }
}

/** The words among `words` that some listed pin holds. */
export async function knownTerms(db: Db, words: readonly string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  const rows = await db
    .selectFrom('search_terms')
    .select('term')
    .where('term', 'in', [...words])
    .where('doc_count', '>', 0)
    .execute();
  return new Set(rows.map((r) => r.term));
}

/** How many listed pins hold each of `words` (absent: none). */
export async function termCounts(db: Db, words: readonly string[]): Promise<Map<string, number>> {
  if (words.length === 0) return new Map();
  const rows = await db
    .selectFrom('search_terms')
    .select(['term', 'doc_count'])
    .where('term', 'in', [...words])
    .execute();
  return new Map(rows.map((r) => [r.term, r.doc_count]));
}

/**
 * Words whose `column` (the word, or the word reversed) starts with `prefix` and whose length is
 * within `lengths`, at most `scan` of them: the candidates of a correction.
 */
export async function termsInRange(
  db: Db,
  column: 'term' | 'reversed',
  prefix: string,
  lengths: { min: number; max: number },
  scan: number,
): Promise<{ term: string; doc_count: number }[]> {
  return db
    .selectFrom('search_terms')
    .select(['term', 'doc_count'])
    .where(column, '>=', prefix)
    .where(column, '<', prefixEnd(prefix))
    .where('doc_count', '>', 0)
    .where(sql<number>`length(term)`, '>=', lengths.min)
    .where(sql<number>`length(term)`, '<=', lengths.max)
    .limit(scan)
    .execute();
}

/** Of the first `scan` words starting with `prefix`, the `limit` most used. */
export async function mostUsedStarting(db: Db, prefix: string, scan: number, limit: number): Promise<string[]> {
  const range = db
    .selectFrom('search_terms')
    .select(['term', 'doc_count'])
    .where('term', '>=', prefix)
    .where('term', '<', prefixEnd(prefix))
    .where('doc_count', '>', 0)
    .limit(scan)
    .as('range');
  const rows = await db.selectFrom(range).select('range.term').orderBy('range.doc_count', 'desc').orderBy('range.term').limit(limit).execute();
  return rows.map((r) => r.term);
}
