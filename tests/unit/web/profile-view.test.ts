import { describe, expect, it } from 'vitest';
import { boardSortOf, BOARD_SORTS_KEPT, DEFAULT_PROFILE_VIEW, parseProfileView, profileViewKey, withBoardSort } from '../../../src/shared/profile-view.ts';

/** Business spec section 3, "Profile view": density, board view and a sort order per profile, kept per viewer. */
describe('profile view settings', () => {
  it('reads what was stored, and defaults without anything stored', () => {
    expect(parseProfileView(null)).toEqual(DEFAULT_PROFILE_VIEW);
    const stored = { boardPinDensity: 'compact', boardSortOrder: [['42', 'alphabetical']], profileBoardView: 'compact', profilePinDensity: 'compact' };
    expect(parseProfileView(JSON.stringify(stored))).toEqual(stored);
  });

  it('falls back field by field when the stored text is broken or hostile', () => {
    expect(parseProfileView('{nope')).toEqual(DEFAULT_PROFILE_VIEW);
    expect(parseProfileView('[1,2]')).toEqual(DEFAULT_PROFILE_VIEW);
    const odd = parseProfileView(JSON.stringify({ boardPinDensity: 'huge', boardSortOrder: [['1', 'random']], profileBoardView: 'compact' }));
    expect(odd).toEqual({ ...DEFAULT_PROFILE_VIEW, profileBoardView: 'compact' });
  });

  it('keeps a sort order per profile, the default last saved', () => {
    const view = withBoardSort(DEFAULT_PROFILE_VIEW, '7', 'oldest');
    expect(boardSortOf(view, '7')).toBe('oldest');
    expect(boardSortOf(view, '8')).toBe('last_saved');
  });

  it('remembers only the latest sort orders', () => {
    let view = DEFAULT_PROFILE_VIEW;
    for (let i = 0; i < BOARD_SORTS_KEPT + 5; i++) view = withBoardSort(view, String(i), 'newest');
    view = withBoardSort(view, '10', 'alphabetical');
    expect(view.boardSortOrder).toHaveLength(BOARD_SORTS_KEPT);
    expect(boardSortOf(view, '0')).toBe('last_saved');
    expect(view.boardSortOrder.at(-1)).toEqual(['10', 'alphabetical']);
    expect(parseProfileView(JSON.stringify(view))).toEqual(view);
  });

  it('is kept per viewer', () => {
    expect(profileViewKey('5')).not.toBe(profileViewKey('6'));
    expect(profileViewKey(null)).toBe('corkboard.profileView.visitor');
  });
});
