/**
 * Words as the search index sees them, the same for documents and queries and on both databases:
 * compatibility-decomposed, without accents, lower case, split on anything that is not a letter or
 * a digit in any script. Han and kana characters are words of their own (those scripts put no
 * spaces between words), so a part of a Chinese or Japanese title finds it.
 */

/** Longer runs are cut: no real word is this long, and index keys stay small. */
export const TOKEN_MAX_LENGTH = 40;
/** The words of a query that count; the rest of a pasted paragraph is dropped. */
export const QUERY_MAX_TOKENS = 16;

const MARKS = /\p{M}+/gu;
const IDEOGRAPH = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const IDEOGRAPHS = new RegExp(IDEOGRAPH.source, 'gu');
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * A word's characters by code point (a string's length counts UTF-16 units). Words hold only
 * letters and digits, so no emoji or other cluster is split where it would matter.
 */
export function codePoints(word: string): string[] {
  return Array.from(word);
}

export function foldText(text: string): string {
  return text.normalize('NFKD').toLowerCase().normalize('NFKD').replace(MARKS, '');
}

export function tokenize(text: string): string[] {
  const spaced = foldText(text).replace(IDEOGRAPHS, ' $& ');
  return (spaced.match(WORD) ?? []).map((word) => codePoints(word).slice(0, TOKEN_MAX_LENGTH).join(''));
}

/** A field of a document: its words, space-separated, at most `maxTokens` of them. */
export function documentField(text: string, maxTokens = 400): string {
  return tokenize(text).slice(0, maxTokens).join(' ');
}

/** The words of a query, without repeats, in the order typed. */
export function queryTokens(query: string): string[] {
  return [...new Set(tokenize(query))].slice(0, QUERY_MAX_TOKENS);
}

const HASHTAG = /#([\p{L}\p{N}_]+)/gu;
const HASHTAG_PIECE = /\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})|\p{N}+|\p{Lo}+/gu;

function hashtagPieces(tag: string): string[] {
  const pieces = tag.match(HASHTAG_PIECE) ?? [];
  return pieces.length > 1 ? pieces : [];
}

/**
 * Text with each hashtag replaced by the words it is made of, where its writer marked them
 * (#MountainPass, #mountain_pass, #top10 → "Mountain Pass", "mountain pass", "top 10"), and dropped
 * where they did not (#mountainpass): words glued together are no word anyone types, so the
 * vocabulary must not offer them. Search still finds the hashtag as written in the description.
 */
export function splitHashtags(text: string): string {
  return text.replace(HASHTAG, (_, tag: string) => ` ${hashtagPieces(tag).join(' ')} `);
}

/** The words of the hashtags in `text` whose writer marked them, so a search finds what the vocabulary offers. */
export function hashtagWords(text: string): string {
  return [...text.matchAll(HASHTAG)].flatMap((m) => hashtagPieces(m[1] ?? '')).join(' ');
}

/** Words worth keeping in the vocabulary: two characters or more, or one ideograph. */
export function isVocabularyWord(word: string): boolean {
  return codePoints(word).length >= 2 || IDEOGRAPH.test(word);
}

/** Words too common to refine a search by. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again all also am an and any are as at be because been before being below between both but by can could did do does ' +
    'doing down during each few for from further get got had has have having he her here hers herself him himself his how i if in into is it its ' +
    'itself just let me more most my myself new no nor not now of off on once only or other our ours ourselves out over own same she should so ' +
    'some such than that the their theirs them themselves then there these they this those through to too under until up very was we were what ' +
    'when where which while who whom why will with would you your yours yourself yourselves www com net org http https html'
  ).split(' '),
);

/**
 * The words a topic stands for in the pins index: its name's words without stop words (a topic
 * named "The Ocean" finds the ocean's pins, not every pin with "the"). Empty when nothing is left.
 */
export function topicTokens(name: string): string[] {
  return queryTokens(name).filter((w) => !STOP_WORDS.has(w));
}

/**
 * Edit distance counting a swap of two neighbours as one edit (optimal string alignment), or
 * `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  const x = codePoints(a);
  const y = codePoints(b);
  if (Math.abs(x.length - y.length) > max) return max + 1;
  let before: number[] = [];
  let previous = y.map((_, j) => j + 1);
  previous.unshift(0);
  for (let i = 1; i <= x.length; i += 1) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= y.length; j += 1) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) value = Math.min(value, (before[j - 2] ?? 0) + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = row;
  }
  return Math.min(previous[y.length] ?? max + 1, max + 1);
}

/** The first string after every string that starts with `prefix` (byte order): a prefix is a range. */
export function prefixEnd(prefix: string): string {
  const chars = codePoints(prefix);
  const last = chars.pop();
  if (last === undefined) throw new Error('an empty prefix has no end');
  return chars.join('') + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1);
}

export function reversed(word: string): string {
  return codePoints(word).reverse().join('');
}

/** The first `n` characters (code points) of a word. */
export function head(word: string, n: number): string {
  return codePoints(word).slice(0, n).join('');
}

/**
 * Two words that are forms of one another (cake, cakes; bake, baking), as far as a guide cares:
 * they share at least three first characters and differ in at most two after that. Counted by
 * code point, in place (it runs for every distinct word of a search's best results).
 */
export function sameStem(a: string, b: string): boolean {
  let common = 0;
  let at = 0;
  while (at < a.length && at < b.length) {
    const x = a.codePointAt(at) ?? 0;
    if (x !== b.codePointAt(at)) break;
    common += 1;
    at += x > 0xffff ? 2 : 1;
  }
  return common >= 3 && common >= Math.min(codePointCount(a), codePointCount(b)) - 2;
}

function codePointCount(word: string): number {
  let count = 0;
  for (let at = 0; at < word.length; at += (word.codePointAt(at) ?? 0) > 0xffff ? 2 : 1) count += 1;
  return count;
}
