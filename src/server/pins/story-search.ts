import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import type { Ranking } from '../search/visible-page.ts';
import { storyWords } from '../../shared/story-pin.ts';
import { readStoredPages } from './story.present.ts';
import { storyPagesOf, storyPinIdsAmong } from './story.repo.ts';

/** The words on the pages of the story pins among `pinIds`, for their search documents. */
export async function storyWordsOf(db: Db, pinIds: readonly string[]): Promise<Map<string, string[]>> {
  const rows = await storyPagesOf(db, pinIds);
  return new Map(rows.map((row) => [row.pin_id, storyWords({ pages: readStoredPages(row.pages) })]));
}

/**
 * The search scope idea_pins: a pins search cut to its story pins, in the same order, with the
 * same visibility check. One query over the candidates, so a story found by its title or boards
 * ranks as it would among all pins.
 */
export async function storyPinsOf(deps: Deps, ranking: Ranking): Promise<Ranking> {
  if (ranking.ranked.length === 0) return ranking;
  const stories = await storyPinIdsAmong(
    deps.db,
    ranking.ranked.map((r) => r.id),
  );
  return { ranked: ranking.ranked.filter((r) => stories.has(r.id)), keep: ranking.keep };
}
