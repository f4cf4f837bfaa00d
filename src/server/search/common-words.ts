/**
 * Words held by most pins narrow a search little and cost the engines most: FTS5 walks a word's
 * whole list to meet a rarer one (6.6 ms for the commonest word, in 615 000 of a million pins,
 * with two rarer ones). So in a query of several words, those held by COMMON_WORD_PINS listed pins
 * or more are checked on the documents a search reads anyway, and only the others go to the
 * engine; a query of common words only sends its rarest. The window (pin-matches.ts) is then the
 * newest matches of the rarer words, of which those lacking a common word are dropped.
 */
export const COMMON_WORD_PINS = 50_000;

export type WordSplit = { engine: string[]; checked: string[] };

/** Which words the engine matches and which are checked on the documents, from the vocabulary's counts. */
export function splitCommonWords(tokens: readonly string[], counts: ReadonlyMap<string, number>, threshold = COMMON_WORD_PINS): WordSplit {
  const count = (word: string) => counts.get(word) ?? 0;
  const engine = tokens.filter((word) => count(word) < threshold);
  if (engine.length > 0) return { engine, checked: tokens.filter((word) => count(word) >= threshold) };
  const rarest = tokens.reduce((best, word) => (count(word) < count(best) ? word : best), tokens[0] ?? '');
  return { engine: [rarest], checked: tokens.filter((word) => word !== rarest) };
}
