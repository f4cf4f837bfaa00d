import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { codePoints, editDistance, head, prefixEnd, reversed } from './search-text.ts';

/**
 * The words of listed pins with how many hold each, kept in the transaction of every index change
 * (search-index.ts). Spelling correction and query completion read it; neither ever shows a word
 * without first finding a pin with it that the viewer may see (typo.ts, typeahead.service.ts).
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

/** How far a correction may be from the word typed: one edit in short words, two in longer ones. */
export function allowedEdits(word: string): number {
  return codePoints(word).length <= 4 ? 1 : 2;
}

/** Rows scanned per lookup: a bound on the work of one keystroke whatever the vocabulary's size. */
const SCAN_LIMIT = 2000;

/**
 * The vocabulary word closest to `word` (fewest edits, then most used, then first in order), if
 * any is close enough. A word with an edit or two keeps its first half or its second half
 * unchanged, so the candidates are the words sharing either: two ranges of an ordinary index.
 */
export async function closestTerm(db: Db, word: string): Promise<string | null> {
  const length = codePoints(word).length;
  const edits = allowedEdits(word);
  const half = Math.max(1, Math.floor(length / 2));
  const start = head(word, half);
  const end = head(reversed(word), half);
  const candidates = async (column: 'term' | 'reversed', prefix: string) =>
    db
      .selectFrom('search_terms')
      .select(['term', 'doc_count'])
      .where(column, '>=', prefix)
      .where(column, '<', prefixEnd(prefix))
      .where('doc_count', '>', 0)
      .where(sql<number>`length(term)`, '>=', length - edits)
      .where(sql<number>`length(term)`, '<=', length + edits)
      .limit(SCAN_LIMIT)
      .execute();
  return pickCorrection(word, [...(await candidates('term', start)), ...(await candidates('reversed', end))]);
}

/** Of the vocabulary's candidates, the fewest edits away, then the most used, then the first in order. */
export function pickCorrection(word: string, candidates: readonly { term: string; doc_count: number }[]): string | null {
  const edits = allowedEdits(word);
  let best: { term: string; edits: number; count: number } | null = null;
  for (const row of candidates) {
    if (row.term === word) continue;
    const d = editDistance(word, row.term, edits);
    if (d > edits) continue;
    if (!best || d < best.edits || (d === best.edits && (row.doc_count > best.count || (row.doc_count === best.count && row.term < best.term)))) {
      best = { term: row.term, edits: d, count: row.doc_count };
    }
  }
  return best?.term ?? null;
}

/** Vocabulary words starting with `prefix`, most used first. */
export async function completions(db: Db, prefix: string, limit: number): Promise<string[]> {
  if (prefix === '') return [];
  const range = db
    .selectFrom('search_terms')
    .select(['term', 'doc_count'])
    .where('term', '>=', prefix)
    .where('term', '<', prefixEnd(prefix))
    .where('doc_count', '>', 0)
    .limit(SCAN_LIMIT)
    .as('range');
  const rows = await db.selectFrom(range).select('range.term').orderBy('range.doc_count', 'desc').orderBy('range.term').limit(limit).execute();
  return rows.map((r) => r.term);
}
