import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import type { Ranking } from '../search/visible-page.ts';
import { storyWords } from '../../shared/story-pin.ts';
import { readStoredPages } from './story.present.ts';

/** The words on the pages of the story pins among `pinIds`, for their search documents. */
export async function storyWordsOf(db: Db, pinIds: readonly string[]): Promise<Map<string, string[]>> {
  if (pinIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('story_pins')
    .select(['pin_id', 'pages'])
    .where('pin_id', 'in', [...pinIds])
    .execute();
  return new Map(rows.map((row) => [row.pin_id, storyWords({ pages: readStoredPages(row.pages) })]));
}

/**
 * The search scope idea_pins: a pins search cut to its story pins, in the same order, with the
 * same visibility check. One query over the candidates, so a story found by its title or boards
 * ranks as it would among all pins.
 */
export async function storyPinsOf(deps: Deps, ranking: Ranking): Promise<Ranking> {
  if (ranking.ranked.length === 0) return ranking;
  const rows = await deps.db
    .selectFrom('story_pins')
    .select('pin_id')
    .where(
      'pin_id',
      'in',
      ranking.ranked.map((r) => r.id),
    )
    .execute();
  const stories = new Set(rows.map((r) => r.pin_id));
  return { ranked: ranking.ranked.filter((r) => stories.has(r.id)), keep: ranking.keep };
}
