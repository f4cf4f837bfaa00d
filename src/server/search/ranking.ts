import { compareIds } from '../common/compare-ids.ts';
/**
 * How results are ordered (docs/decisions/0018-search.md). Text relevance comes first; among
 * texts that match about as well, pins saved more often, newer pins and pins close to what the
 * viewer follows rise. Each signal is scaled to 0..1 so the weights say what they mean. The order
 * is total: equal scores fall back to the id, newest first.
 */

export const PIN_WEIGHTS = { text: 0.6, saves: 0.2, freshness: 0.1, personal: 0.1 } as const;
export const BOARD_WEIGHTS = { text: 0.7, followers: 0.2, pins: 0.1 } as const;
export const USER_WEIGHTS = { text: 0.7, followers: 0.3 } as const;

/** Saves, followers and pin counts count by their logarithm, full at about these numbers. */
const SAVES_FULL = 10_000;
const FOLLOWERS_FULL = 100_000;
const PINS_FULL = 1_000;
/** A pin's freshness halves about every two months. */
const FRESHNESS_DAYS = 90;
const DAY_MS = 86_400_000;

export type PinSignals = { id: string; text: number; saves: number; createdAt: number; personal: number };
export type BoardSignals = { id: string; text: number; followers: number; pins: number };
export type UserSignals = { id: string; text: number; followers: number };
export type Ranked = { id: string; score: number };

export function logScale(count: number, full: number): number {
  return Math.min(1, Math.log1p(Math.max(0, count)) / Math.log1p(full));
}

export function freshness(createdAt: number, now: number): number {
  return Math.exp(-Math.max(0, now - createdAt) / (FRESHNESS_DAYS * DAY_MS));
}

/** Best first; equal scores newest id first. */
export function compareRanked(a: Ranked, b: Ranked): number {
  return b.score - a.score || compareIds(b.id, a.id);
}

/** Text scores relative to the best match among the candidates (engines score on their own scales). */
function relativeText<T extends { text: number }>(items: readonly T[]): (item: T) => number {
  const best = Math.max(0, ...items.map((i) => i.text));
  return (item) => (best > 0 ? Math.max(0, item.text) / best : 0);
}

export type PinWeights = { readonly text: number; readonly saves: number; readonly freshness: number; readonly personal: number };

/** Search's blend by default; a topic's page weighs saves and freshness more (discovery/topic-ranking.ts). */
export function rankPins(pins: readonly PinSignals[], now: number, w: PinWeights = PIN_WEIGHTS): Ranked[] {
  const text = relativeText(pins);
  return pins
    .map((p) => ({
      id: p.id,
      score: w.text * text(p) + w.saves * logScale(p.saves, SAVES_FULL) + w.freshness * freshness(p.createdAt, now) + w.personal * Math.min(1, p.personal),
    }))
    .sort(compareRanked);
}

export function rankBoards(boards: readonly BoardSignals[]): Ranked[] {
  const text = relativeText(boards);
  const w = BOARD_WEIGHTS;
  return boards
    .map((b) => ({ id: b.id, score: w.text * text(b) + w.followers * logScale(b.followers, FOLLOWERS_FULL) + w.pins * logScale(b.pins, PINS_FULL) }))
    .sort(compareRanked);
}

export function rankUsers(users: readonly UserSignals[]): Ranked[] {
  const text = relativeText(users);
  const w = USER_WEIGHTS;
  return users.map((u) => ({ id: u.id, score: w.text * text(u) + w.followers * logScale(u.followers, FOLLOWERS_FULL) })).sort(compareRanked);
}

/** The items after `cursor` (the last item of the page before) in a ranked list. */
export function rankedAfter<T extends Ranked>(ranked: readonly T[], cursor: Ranked | null): T[] {
  return cursor ? ranked.filter((r) => compareRanked(r, cursor) > 0) : [...ranked];
}
