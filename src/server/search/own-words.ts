import type { Db } from '../db/database.ts';
import { pinOwnTexts } from './own-words.repo.ts';
import { documentField } from './search-text.ts';
import { stem } from './stemming.ts';

/**
 * What a pin says about itself: the folded words of its title, description and alt text. A pin's
 * search document also holds the names of the boards it sits on, which say what its savers
 * collect, not what it is; rules that decide what a pin is about (the skin tone row, the topic a
 * home feed names) read these words instead. One query for all the pins.
 */
export async function pinOwnWords(db: Db, ids: readonly string[]): Promise<Map<string, string[]>> {
  const texts = await pinOwnTexts(db, ids);
  return new Map(ids.map((id) => [id, documentField(texts.get(id) ?? '').split(' ')]));
}

/**
 * Whether a pin's own words hold every word of a name (a topic's tokens), as written or as the
 * same English stem (cars, car).
 */
export function holdsEveryWord(own: readonly string[], tokens: readonly string[]): boolean {
  const stems = new Set(own.map((w) => stem('en', w)));
  const words = new Set(own);
  return tokens.every((t) => words.has(t) || stems.has(stem('en', t)));
}
