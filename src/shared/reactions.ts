import type { z } from 'zod';
import type * as contract from './contracts/pins.ts';

/**
 * Reactions to pins (business spec sections 3 and 4): a pin's reaction_counts by reaction type,
 * the viewer's reaction_by_me, and the rule "reaction counts floor at zero and the entry is
 * removed at zero". Pure, so the server's presenter and the browser's optimistic change share it.
 */

/** The reaction types a member may give; type 1 is like (viewer spec section 3), the closeup's heart. */
export const REACTION_TYPES = [1] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];
export const LIKE: ReactionType = 1;

/** Counts by reaction type (the key is the type's number); a type nobody gave has no entry. */
export type ReactionCounts = z.infer<typeof contract.ReactionCounts>;

export function isReactionType(value: unknown): value is ReactionType {
  return REACTION_TYPES.includes(value as ReactionType);
}

/** A count moves by `delta`, never below zero; at zero its entry goes. */
export function changeReactionCount(counts: ReactionCounts, type: number, delta: number): ReactionCounts {
  const key = String(type);
  const next = Math.max(0, (counts[key] ?? 0) + delta);
  const others = Object.fromEntries(Object.entries(counts).filter(([k]) => k !== key));
  return next === 0 ? others : { ...others, [key]: next };
}

export type PinReactions = { reaction_counts: ReactionCounts; reaction_by_me: number | null };

/**
 * The viewer's reaction becomes `to` (null: none): the old type loses one, the new one gains one.
 * Asking for the reaction already given changes nothing, so a repeated click cannot count twice.
 */
export function changeReactionByMe(pin: PinReactions, to: number | null): PinReactions {
  if (pin.reaction_by_me === to) return pin;
  let counts = pin.reaction_counts;
  if (pin.reaction_by_me !== null) counts = changeReactionCount(counts, pin.reaction_by_me, -1);
  if (to !== null) counts = changeReactionCount(counts, to, 1);
  return { reaction_counts: counts, reaction_by_me: to };
}

/** All reactions of a pin, for its button: the sum over types. */
export function totalReactions(counts: ReactionCounts): number {
  return Object.values(counts).reduce<number>((sum, n) => sum + n, 0);
}
