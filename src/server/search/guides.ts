import type { SearchGuide } from '../../shared/contracts/search.ts';
import { searchUrl } from '../../shared/search-scopes.ts';
import { sameStem, STOP_WORDS } from './search-text.ts';

/**
 * Guided search: words that often come with the query among its best results, offered to narrow
 * it ("chocolate" → "chocolate cake", "chocolate chip"). Read from the results the viewer may see,
 * so a guide never names what a search would not show.
 */
export const GUIDES_MAX = 8;
/** How many of the best results guides are drawn from. */
export const GUIDE_SOURCE_RESULTS = 100;
/** A word must come with the query this often to guide it. */
const MIN_RESULTS = 2;

export type Guide = SearchGuide;

/**
 * The guiding words from the word lists of the best results (a document's distinct words,
 * `termsOf`), most frequent first. Each word is counted first and compared with the query only
 * once: a search's hundred results hold a few thousand words but far fewer distinct ones.
 */
export function guideTerms(queryWords: readonly string[], resultTerms: readonly string[], max = GUIDES_MAX): string[] {
  const counts = new Map<string, number>();
  for (const terms of resultTerms.slice(0, GUIDE_SOURCE_RESULTS)) {
    for (const word of terms.split(' ')) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const ranked = [...counts]
    .filter(([word, n]) => n >= MIN_RESULTS && mayGuide(word) && !queryWords.some((q) => q === word || sameStem(q, word)))
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  const chosen: string[] = [];
  // One form of a word is enough (drinks, not also drink): the more frequent one.
  for (const [word] of ranked) {
    if (chosen.length === max) break;
    if (!chosen.some((c) => sameStem(c, word))) chosen.push(word);
  }
  return chosen;
}

function mayGuide(word: string): boolean {
  return word.length >= 3 && !/^\d+$/.test(word) && !STOP_WORDS.has(word);
}

export function guidesFor(query: string, queryWords: readonly string[], resultTerms: readonly string[]): Guide[] {
  return guideTerms(queryWords, resultTerms).map((term, position) => {
    const refined = `${query.trim()} ${term}`;
    return { term, display: term, query: refined, url: searchUrl('pins', refined, 'guide'), position };
  });
}
