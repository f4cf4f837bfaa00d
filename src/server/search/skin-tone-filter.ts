import type { Deps } from '../deps.ts';
import type { SkinToneRange } from '../../shared/skin-tone.ts';
import type { Ranking } from './visible-page.ts';
import { pinOwnWords } from './own-words.ts';
import { isBeautyOrFashionWord, RESULTS_MIN, RESULTS_READ, showsSkinToneFilters } from './skin-tone-queries.ts';
import { pinsShowingSkinTone } from './skin-tone.repo.ts';

/**
 * A pins search narrowed to a skin tone range (unchanged without one): the ranked candidates whose picture shows skin of
 * that range (media.skin_tone, migration 0013), in their order, read in one query. The candidates
 * are those of the text search, at most its cap (pin-matches.ts), so a range shows what the
 * search would find anyway, never more (docs/decisions/0028-skin-tone-filters.md).
 */
export async function narrowToSkinTone(deps: Deps, ranking: Ranking, range: SkinToneRange | undefined): Promise<Ranking> {
  const ids = ranking.ranked.map((r) => r.id);
  if (range === undefined || ids.length === 0) return ranking;
  const showing = await pinsShowingSkinTone(deps.db, ids, range);
  return { ranked: ranking.ranked.filter((r) => showing.has(r.id)), keep: ranking.keep };
}

/**
 * Whether a search offers the ranges. The results are judged by their own words, read in one query
 * of at most RESULTS_READ pins: the index's terms also hold the names of the boards a pin sits on,
 * and a coffee pin saved to a board called "Beauty" is not about beauty.
 */
export async function offersSkinTones(deps: Deps, words: readonly string[], shownIds: readonly string[], narrowed: boolean): Promise<boolean> {
  if (narrowed || words.some(isBeautyOrFashionWord)) return true;
  const read = shownIds.slice(0, RESULTS_READ);
  if (read.length < RESULTS_MIN) return false;
  const own = await pinOwnWords(deps.db, read);
  const resultTerms = read.map((id) => (own.get(id) ?? []).join(' '));
  return showsSkinToneFilters({ words, resultTerms, narrowed });
}
