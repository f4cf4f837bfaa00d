import { rankPins, type PinWeights, type Ranked } from '../search/ranking.ts';

/**
 * How the discovery pages order pins (docs/decisions/0024-discovery-pages.md). Every pin of a
 * topic already has the topic's words, so how well they match counts for less than in a search:
 * pins saved more often and newer pins rise. Nothing personal: a topic page is the same for
 * everyone who may see its pins.
 */
export const TOPIC_WEIGHTS: PinWeights = { text: 0.2, saves: 0.5, freshness: 0.3, personal: 0 };

export type KindCandidate = { id: string; saves: number; createdAt: number };

/** The videos or products of every topic: no words to match, so saves and freshness alone. */
export function rankByPopularity(candidates: readonly KindCandidate[], now: number): Ranked[] {
  return rankPins(
    candidates.map((c) => ({ id: c.id, text: 0, saves: c.saves, createdAt: c.createdAt, personal: 0 })),
    now,
    TOPIC_WEIGHTS,
  );
}

/** An operator's list of pins keeps the operator's order: the first scores highest. */
export function rankByPosition(pinIds: readonly string[]): Ranked[] {
  return pinIds.map((id, i) => ({ id, score: pinIds.length - i }));
}

/**
 * The pin an article's address names (`text--pinId`) first, when the article holds it; the rest
 * keep their order. Its score is just above the best, so later pages, which start after the last
 * item shown, never show it again.
 */
export function withLead<T extends Ranked>(ranked: readonly T[], leadPinId: string | null): T[] {
  const lead = leadPinId === null ? undefined : ranked.find((r) => r.id === leadPinId);
  if (!lead) return [...ranked];
  const top = ranked[0]?.score ?? 0;
  return [{ ...lead, score: top + 1 }, ...ranked.filter((r) => r !== lead)];
}
