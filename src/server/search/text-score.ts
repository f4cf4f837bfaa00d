/**
 * How well a document matches a query by text, computed here from the document's stored fields
 * rather than by either engine: the engines only say which documents match (text-match.ts), so
 * both databases rank alike, and a word held by most pins costs no more to score than a rare one.
 * (FTS5's bm25 first counted every document holding each word, 14 ms for a word in 600 000 pins,
 * whatever the window.) BM25F without the inverse document frequency: every candidate holds every
 * word of the query, so what sets them apart is where each word stands (a title outweighs a
 * description), how often, and in how long a field.
 */

/** How a kind of document weighs a field: how much a word in it counts, and its usual length in words. */
export type FieldWeight = { weight: number; typicalLength: number };

/** A query word: the forms that count as it (stemming.ts), whole or, when `prefix`, as a word's beginning. */
export type ScoredWord = { forms: readonly string[]; prefix: boolean };

/** BM25's usual saturation and length normalisation. */
const K1 = 1.2;
const B = 0.75;

/**
 * The text score of a document whose fields hold `texts` (words, space-separated), weighed by
 * `weights`, in the same order: 0 to the number of query words, higher is better.
 */
export function textScore(weights: readonly FieldWeight[], texts: readonly string[], words: readonly ScoredWord[]): number {
  // Read without splitting the fields: this runs for every document of a search's window.
  let score = 0;
  for (const word of words) {
    let weighted = 0;
    for (let i = 0; i < weights.length; i++) {
      const text = texts[i] ?? '';
      let count = 0;
      for (const form of word.forms) count += occurrences(text, form, word.prefix);
      const field = weights[i];
      if (count > 0 && field) weighted += (field.weight * count) / (1 - B + (B * wordCount(text)) / field.typicalLength);
    }
    score += weighted / (K1 + weighted);
  }
  return score;
}

/** Whether every word has a form in one of the texts (a word the engine was not asked about). */
export function holdsEvery(texts: readonly string[], words: readonly ScoredWord[]): boolean {
  return words.every((word) => texts.some((text) => word.forms.some((form) => occurrences(text, form, word.prefix) > 0)));
}

const SPACE = 32;

function wordCount(words: string): number {
  let count = 1;
  for (let i = 0; i < words.length; i++) if (words.charCodeAt(i) === SPACE) count += 1;
  return count;
}

/** How many words of `words` are `form`, or begin with it when `prefix`. */
function occurrences(words: string, form: string, prefix: boolean): number {
  let count = 0;
  for (let at = words.indexOf(form); at !== -1; at = words.indexOf(form, at + 1)) {
    const end = at + form.length;
    if ((at === 0 || words.charCodeAt(at - 1) === SPACE) && (prefix || end === words.length || words.charCodeAt(end) === SPACE)) count += 1;
  }
  return count;
}
