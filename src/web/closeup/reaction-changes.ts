import { changeReactionByMe, type PinReactions, type ReactionCounts } from '../../shared/reactions.ts';
import type { ItemChange } from '../data/resource-store.ts';

type Item = Record<string, unknown>;

function countsOf(value: unknown): ReactionCounts {
  if (value === null || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value as Item).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
}

function reactionsOf(pin: Item): PinReactions {
  const mine = pin['reaction_by_me'];
  return { reaction_counts: countsOf(pin['reaction_counts']), reaction_by_me: typeof mine === 'number' ? mine : null };
}

/**
 * The viewer's reaction to a pin becomes `to` (null: none) in every cached copy of the pin, by
 * the shared rule: the old type loses one, the new one gains one, a count at zero goes.
 */
export function reactionChange(pinId: string, to: number | null): ItemChange {
  return (item) => {
    if (item['type'] !== 'pin' || item['id'] !== pinId) return undefined;
    const before = reactionsOf(item);
    const after = changeReactionByMe(before, to);
    return after === before ? undefined : { ...item, ...after };
  };
}
