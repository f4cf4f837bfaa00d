import type { Db } from '../db/database.ts';
import { rankCold, rankWalked, type RankedPin, type WalkCandidate } from './blend.ts';
import { loadContents } from './content.repo.ts';
import { seedOf } from './prng.ts';
import type { Recommender } from './recommender.ts';

/** Walk candidates kept for blending: ten pages of the related feed. */
export const WALK_CANDIDATES = 120;
/** Fewer walk candidates than two pages: the pin is (nearly) cold, so similar pins fill in. */
export const MIN_WALKED = 24;
/**
 * The bound of the cold-start scan: the newest pins of the graph, compared one by one with the
 * query by picture and words. Exact while an instance has fewer public pins than this; at scale a
 * vector index (the GUIDE's vectors port) should supply the candidates instead.
 */
export const COLD_CANDIDATES = 1000;

/**
 * The related pins of a pin, best first, for every reader alike (only public saves and pins are
 * candidates; the feed filters for its reader). The walk is seeded by the pin's id, so the same
 * graph gives the same list on every node.
 */
export async function rankRelated(db: Db, recommender: Recommender, pinId: string): Promise<RankedPin[]> {
  const walked = recommender.walk([{ pinId, weight: 1 }], WALK_CANDIDATES, seedOf(pinId));
  const cold = walked.length < MIN_WALKED ? coldCandidates(recommender, pinId, walked) : [];
  const contents = await loadContents(db, [pinId, ...walked.map((c) => c.pinId), ...cold]);
  const query = contents.get(pinId) ?? { tokens: [], features: null };
  return [...rankWalked(query, walked, contents), ...rankCold(query, cold, contents)];
}

function coldCandidates(recommender: Recommender, pinId: string, walked: readonly WalkCandidate[]): string[] {
  const graph = recommender.graph;
  const skip = new Set([pinId, ...walked.map((c) => c.pinId)]);
  return graph
    .newestPins(COLD_CANDIDATES + skip.size)
    .map((p) => graph.pinId(p))
    .filter((id) => !skip.has(id))
    .slice(0, COLD_CANDIDATES);
}
