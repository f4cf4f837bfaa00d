import { describe, expect, it } from 'vitest';
import { reactionChange } from '../../../src/web/closeup/reaction-changes.ts';

const pin = { type: 'pin', id: '1', title: 'Tart', reaction_counts: { '1': 2 }, reaction_by_me: null };

/** Business spec section 4: the reaction shows in every cached copy of the pin, counts floored at zero, entries removed at zero. */
describe('a reaction in the cache', () => {
  it('liking raises the count and sets reaction_by_me; unliking reverts both', () => {
    const liked = reactionChange('1', 1)(pin);
    expect(liked).toEqual({ ...pin, reaction_counts: { '1': 3 }, reaction_by_me: 1 });
    expect(reactionChange('1', null)(liked ?? {})).toEqual(pin);
  });

  it('the last reaction removes the entry; a pin without reaction fields starts from none', () => {
    expect(reactionChange('1', null)({ ...pin, reaction_counts: { '1': 1 }, reaction_by_me: 1 })).toMatchObject({ reaction_counts: {}, reaction_by_me: null });
    expect(reactionChange('1', 1)({ type: 'pin', id: '1' })).toEqual({ type: 'pin', id: '1', reaction_counts: { '1': 1 }, reaction_by_me: 1 });
  });

  it('leaves other items and an unchanged reaction alone', () => {
    expect(reactionChange('2', 1)(pin)).toBeUndefined();
    expect(reactionChange('1', 1)({ type: 'board', id: '1' })).toBeUndefined();
    expect(reactionChange('1', null)(pin)).toBeUndefined();
  });
});
