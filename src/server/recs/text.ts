/**
 * Text similarity of pins, kept simple on purpose: a pin's words are the distinct tokens of its
 * title and description, and two pins are as similar as the cosine of their word sets
 * (|A ∩ B| / √(|A|·|B|)). Tokens are runs of letters and digits after Unicode compatibility
 * folding, lower-cased and stripped of accents; English stop words and one-letter tokens are
 * dropped; a plural `s` is folded onto the singular (`recipes` → `recipe`, but `glass` stays).
 * No stemming beyond that, no weights: titles are short, and the walk carries most of the
 * ranking; this only has to tell "chocolate cake" from "garden shed".
 */
const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again all also am an and any are as at be because been before being below between both but by can
  could did do does doing down during each few for from further had has have having he her here hers herself him himself his
  how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours out over
  own same she should so some such than that the their theirs them then there these they this those through to too under
  until up very was we were what when where which while who whom why will with you your yours`.split(/\s+/),
);

const MAX_TOKENS = 64;

/** The distinct words of a text, in order of first appearance (at most 64). */
export function tokenize(text: string): string[] {
  const words = new Set<string>();
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  for (const raw of folded.split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < 2 || STOP_WORDS.has(raw)) continue;
    words.add(singular(raw));
    if (words.size === MAX_TOKENS) break;
  }
  return [...words];
}

function singular(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** The cosine of two word sets: 0 with nothing in common, 1 for the same words. */
export function textSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const [small, large] = a.length <= b.length ? [a, new Set(b)] : [b, new Set(a)];
  let shared = 0;
  for (const word of small) if (large.has(word)) shared += 1;
  return shared / Math.sqrt(a.length * b.length);
}
