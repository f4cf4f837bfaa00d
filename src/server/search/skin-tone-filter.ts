import type { Deps } from '../deps.ts';
import type { SkinToneRange } from '../../shared/skin-tone.ts';
import type { Ranking } from './visible-page.ts';
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
