import { rankedAfter, type Ranked } from './ranking.ts';

/**
 * A ranked list whose items are checked for the reader only when a page reaches them. `keep`
 * answers which of some ids the reader may see; items it drops are skipped, never shown.
 */
export type RankedItem = Ranked & { terms?: string };
export type Ranking = { ranked: RankedItem[]; keep: (ids: string[]) => Promise<Set<string>> };

/** Ids checked at once: a page and a little more, so a page usually costs one check. */
const CHUNK = 60;

/** Up to `count` items after `cursor` that the reader may see, in ranked order. */
export async function visibleAfter(ranking: Ranking, cursor: Ranked | null, count: number): Promise<RankedItem[]> {
  const rest = rankedAfter(ranking.ranked, cursor);
  const shown: RankedItem[] = [];
  let next = 0;
  while (next < rest.length && shown.length < count) {
    const chunk = rest.slice(next, next + Math.max(CHUNK, count - shown.length));
    next += chunk.length;
    const kept = await ranking.keep(chunk.map((r) => r.id));
    shown.push(...chunk.filter((r) => kept.has(r.id)));
  }
  return shown.slice(0, count);
}

/** Everything in `ranked` is visible (boards and people are checked while they are found). */
export function allVisible(ranked: RankedItem[]): Ranking {
  return { ranked, keep: (ids) => Promise.resolve(new Set(ids)) };
}
