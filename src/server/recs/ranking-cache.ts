import { LRUCache } from 'lru-cache';
import type { RankedPin } from './blend.ts';

/**
 * The ranked list behind a pin's related feed, kept while its reader scrolls: the first page
 * ranks afresh (so a new save shows at once) and the pages after it read the same list, so they
 * neither repeat nor skip pins when the graph moves in between. The list is the same for every
 * reader (only public saves rank); each page is filtered for its reader. Bounded in entries and
 * time; a node without the list (another node, or after expiry) ranks again, deterministically.
 */
export type RankingCache = {
  get(pinId: string): RankedPin[] | undefined;
  set(pinId: string, ranked: RankedPin[]): void;
  clear(): void;
};

const ENTRIES = 1000;
const TTL_MS = 10 * 60_000;

export function createRankingCache(): RankingCache {
  const cache = new LRUCache<string, RankedPin[]>({ max: ENTRIES, ttl: TTL_MS });
  return {
    get: (pinId) => cache.get(pinId),
    set: (pinId, ranked) => {
      cache.set(pinId, ranked);
    },
    clear: () => {
      cache.clear();
    },
  };
}
