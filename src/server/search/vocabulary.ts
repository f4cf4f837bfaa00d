import type { Db } from '../db/database.ts';
import { codePoints, editDistance, head, reversed } from './search-text.ts';
import { mostUsedStarting, termsInRange } from './vocabulary.repo.ts';

/**
 * The words of listed pins with how many hold each, kept in the transaction of every index change
 * (search-index.ts). Spelling correction and query completion read it; neither ever shows a word
 * without first finding a pin with it that the viewer may see (typo.ts, typeahead.service.ts).
 */

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
  const lengths = { min: length - edits, max: length + edits };
  const [starting, ending] = await Promise.all([
    termsInRange(db, 'term', head(word, half), lengths, SCAN_LIMIT),
    termsInRange(db, 'reversed', head(reversed(word), half), lengths, SCAN_LIMIT),
  ]);
  return pickCorrection(word, [...starting, ...ending]);
}

/** Vocabulary words starting with `prefix`, most used first. */
export async function completions(db: Db, prefix: string, limit: number): Promise<string[]> {
  if (prefix === '') return [];
  return mostUsedStarting(db, prefix, SCAN_LIMIT, limit);
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
