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
 * `weights`, in the same order: 0 to the number of query words, higher is better. Boards and
 * people are scored so, as their words may be prefixes; pins by `weightedScore`.
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
      if (count > 0 && field) weighted += fieldWeight(field, count, wordCount(text));
    }
    score += saturated(weighted);
  }
  return score;
}

/**
 * The same score from each whole word's weighted count in the document (`wordWeights`): the sum
 * above is linear in the counts, so a query word's forms add up. Pins are scored so, whether their
 * document comes from the database or from the postings held in memory (pin-postings.ts), which
 * keep these weights and nothing else of the text. Weights are single precision, as the postings
 * keep them, so both give the same score to the last bit.
 */
export function weightedScore(words: readonly (readonly string[])[], weightOf: (form: string) => number): number {
  let score = 0;
  for (const forms of words) {
    let weighted = 0;
    for (const form of forms) weighted += weightOf(form);
    score += saturated(weighted);
  }
  return score;
}

/** Each whole word of the texts and its weighted count over the fields, in single precision (`weightedScore`). */
export function wordWeights(weights: readonly FieldWeight[], texts: readonly string[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (let i = 0; i < weights.length; i++) {
    const field = weights[i];
    const text = texts[i] ?? '';
    if (!field || text === '') continue;
    const counts = new Map<string, number>();
    for (const word of text.split(' ')) if (word !== '') counts.set(word, (counts.get(word) ?? 0) + 1);
    const length = wordCount(text);
    for (const [word, count] of counts) sums.set(word, (sums.get(word) ?? 0) + fieldWeight(field, count, length));
  }
  for (const [word, sum] of sums) sums.set(word, Math.fround(sum));
  return sums;
}

/** A word's weight in one field: its count, normalised by the field's length against the usual one. */
function fieldWeight(field: FieldWeight, count: number, length: number): number {
  return (field.weight * count) / (1 - B + (B * length) / field.typicalLength);
}

/** A word's weighted count, saturated: 0 to 1. */
function saturated(weighted: number): number {
  return weighted / (K1 + weighted);
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
