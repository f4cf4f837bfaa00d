import type { Db } from '../db/database.ts';
import type { Recommender } from '../recs/recommender.ts';
import { creditedSeed, rankPopular, seedWeights, type Candidate } from './home-mix.ts';
import { newestSavedPinIds } from './home-sources.repo.ts';

/**
 * The home feed's sources from the recommender's graph: Pixie walks from the reader's recent
 * saves (decision 0017: several weighted query pins with multi-hit boosting), and the popular
 * pins that fill in when the personal sources run dry. Both read the graph of public saves only.
 */

/** The reader's newest saves that seed the walk. */
export const SEED_SAVES = 20;
/** Pins taken from the walk for a new list. */
export const WALKED_PINS = 200;
/** Popular pins are the most saved of each window of this many of the newest public pins. */
export const POPULAR_WINDOW = 300;
/** A seed's boards looked at to credit walked pins to it (rows are newest first). */
const BOARDS_PER_SEED = 200;

/** The pins of the reader's newest saves, newest first, each once. */
export async function recentSavedPins(db: Db, readerId: string): Promise<string[]> {
  return [...new Set(await newestSavedPinIds(db, readerId, SEED_SAVES * 2))].slice(0, SEED_SAVES);
}

/**
 * Pins the walk from `seeds` (newest first) reaches, best first, each credited to a seed. `seed`
 * fixes the walk's random draws, so the same list token walks alike on every node.
 */
export function walkedPins(recommender: Recommender, seeds: readonly string[], seed: number): Candidate[] {
  const newest = seeds[0];
  if (newest === undefined) return [];
  const walked = recommender.walk(seedWeights(seeds), WALKED_PINS, seed);
  // Read in the same tick as the walk: the graph's numbers hold until something awaits.
  const seedsOfBoard = boardsOfSeeds(recommender, seeds);
  return walked.map((c) => ({ pinId: c.pinId, reason: 'saved_pin', ref: creditedSeed(seedsOfBoard, c.viaBoardId, newest) }));
}

/** Each board holding a seed, to the newest seed it holds. */
function boardsOfSeeds(recommender: Recommender, seeds: readonly string[]): Map<string, string> {
  const graph = recommender.graph;
  const out = new Map<string, string>();
  for (const pinId of seeds) {
    const pin = graph.pinIndex(pinId);
    if (pin < 0) continue;
    const boards = graph.boardsOf(pin);
    for (let i = 0; i < Math.min(boards.length, BOARDS_PER_SEED); i++) {
      const id = graph.boardId(boards[i] ?? 0);
      if (!out.has(id)) out.set(id, pinId);
    }
  }
  return out;
}

/**
 * The popular pins of the window of the newest public pins starting `offset` pins back, and where
 * the next window starts (null: the graph has no older pins).
 */
export function popularPins(recommender: Recommender, offset: number): { candidates: Candidate[]; next: number | null } {
  const graph = recommender.graph;
  const window = graph.newestPins(offset + POPULAR_WINDOW).slice(offset);
  const candidates = rankPopular(window.map((pin) => ({ pinId: graph.pinId(pin), saves: graph.boardsOf(pin).length })));
  return { candidates, next: window.length < POPULAR_WINDOW ? null : offset + POPULAR_WINDOW };
}
