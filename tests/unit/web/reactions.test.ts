import { describe, expect, it } from 'vitest';
import { changeReactionByMe, changeReactionCount, isReactionType, LIKE, totalReactions } from '../../../src/shared/reactions.ts';

/** Business spec section 4, "Pins, reactions, saves": reaction counts floor at zero and the entry is removed at zero. */
describe('reaction counts floor at zero and the entry is removed at zero', () => {
  it('a count rises and falls by the change', () => {
    expect(changeReactionCount({}, LIKE, 1)).toEqual({ '1': 1 });
    expect(changeReactionCount({ '1': 4 }, LIKE, -1)).toEqual({ '1': 3 });
  });

  it('the entry is removed when its count reaches zero, and never goes below', () => {
    expect(changeReactionCount({ '1': 1, '5': 2 }, LIKE, -1)).toEqual({ '5': 2 });
    expect(changeReactionCount({}, LIKE, -1)).toEqual({});
    expect(changeReactionCount({ '1': 2 }, LIKE, -5)).toEqual({});
  });
});

describe("the viewer's reaction: one per pin, the old type loses what the new one gains", () => {
  it('reacting counts the reaction once and records reaction_by_me', () => {
    const pin = { reaction_counts: { '1': 2 }, reaction_by_me: null };
    const liked = changeReactionByMe(pin, LIKE);
    expect(liked).toEqual({ reaction_counts: { '1': 3 }, reaction_by_me: 1 });
    // A second click of the same reaction does not count twice.
    expect(changeReactionByMe(liked, LIKE)).toBe(liked);
  });

  it('unreacting gives the count back and clears reaction_by_me; the last one removes the entry', () => {
    expect(changeReactionByMe({ reaction_counts: { '1': 3 }, reaction_by_me: 1 }, null)).toEqual({ reaction_counts: { '1': 2 }, reaction_by_me: null });
    expect(changeReactionByMe({ reaction_counts: { '1': 1 }, reaction_by_me: 1 }, null)).toEqual({ reaction_counts: {}, reaction_by_me: null });
  });

  it('changing the type moves one from the old type to the new', () => {
    expect(changeReactionByMe({ reaction_counts: { '5': 1, '1': 4 }, reaction_by_me: 5 }, LIKE)).toEqual({ reaction_counts: { '1': 5 }, reaction_by_me: 1 });
  });

  it('the button shows the sum over types, and only known types are reactions', () => {
    expect(totalReactions({ '1': 4, '5': 2 })).toBe(6);
    expect(totalReactions({})).toBe(0);
    expect(isReactionType(1)).toBe(true);
    expect(isReactionType(2)).toBe(false);
    expect(isReactionType('1')).toBe(false);
  });
});
