import type { Db } from '../db/database.ts';
import { codePoints } from './search-text.ts';
import { closestTerm, completions } from './vocabulary.ts';
import { knownTerms } from './vocabulary.repo.ts';
import type { SearchTypo } from '../../shared/contracts/search.ts';

/**
 * Spelling correction: each word of the query that no listed pin holds is replaced by the closest
 * word that one does (vocabulary.ts). The last word may be unfinished, as the header's field
 * treats it while typing: it is first completed, as the typeahead's first completion would be
 * ("mou" → "mountains"), and corrected only when no word begins with it. The search service only
 * shows a correction when the corrected query finds pins the viewer may see, and searches the
 * exact words instead when the client asks (auto_correction_disabled).
 */
export type Typo = SearchTypo;

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
  for (const [i, word] of words.entries()) {
    const last = i === words.length - 1;
    const replacement = known.has(word) || !correctable(word) ? null : ((last ? await completed(db, word) : null) ?? (await closestTerm(db, word)));
    if (replacement && replacement !== word) changed = true;
    corrected.push(replacement ?? word);
  }
  return changed ? corrected : null;
}

/** The most used word beginning with `prefix`, if any. */
async function completed(db: Db, prefix: string): Promise<string | null> {
  return (await completions(db, prefix, 1))[0] ?? null;
}
