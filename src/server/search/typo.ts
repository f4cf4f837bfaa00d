import type { Db } from '../db/database.ts';
import { codePoints } from './search-text.ts';
import { closestTerm, knownTerms } from './vocabulary.ts';

/**
 * Spelling correction: each word of the query that no listed pin holds is replaced by the closest
 * word that one does (vocabulary.ts). The search service only shows a correction when the
 * corrected query finds pins the viewer may see, and searches the exact words instead when the
 * client asks (auto_correction_disabled).
 */
export type Typo = { original_query: string; corrected_query: string; auto_corrected: true };

/** Words shorter than this, and numbers, are never corrected. */
const MIN_LENGTH = 3;

export function correctable(word: string): boolean {
  return codePoints(word).length >= MIN_LENGTH && !/^\d+$/.test(word);
}

/** The query's words with the unknown ones corrected, or null when there is nothing to correct. */
export async function correctedWords(db: Db, words: readonly string[]): Promise<string[] | null> {
  const known = await knownTerms(db, words);
  let changed = false;
  const corrected: string[] = [];
  for (const word of words) {
    const replacement = known.has(word) || !correctable(word) ? null : await closestTerm(db, word);
    if (replacement && replacement !== word) changed = true;
    corrected.push(replacement ?? word);
  }
  return changed ? corrected : null;
}
