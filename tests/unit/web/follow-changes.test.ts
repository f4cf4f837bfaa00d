import { describe, expect, it } from 'vitest';
import { boardFollowChange, userBlockChange, userFollowChange } from '../../../src/web/follow/follow-changes.ts';

const user = { type: 'user', id: '7', explicitly_followed_by_me: false, followed_by_me: false, blocked_by_me: false, follower_count: 3 };

/** Business spec section 4, "User record changes": how a follow or a block shows in every cached copy. */
describe('follow and block changes in the cache', () => {
  it('follow sets explicitly_followed_by_me and moves follower_count by +1, unfollow by -1', () => {
    const followed = userFollowChange('7', true)(user);
    expect(followed).toMatchObject({ explicitly_followed_by_me: true, followed_by_me: true, follower_count: 4 });
    expect(userFollowChange('7', false)(followed ?? {})).toMatchObject({ explicitly_followed_by_me: false, follower_count: 3 });
  });

  it('does not count twice when the flag is already so, and never goes below 0', () => {
    expect(userFollowChange('7', false)(user)).toEqual(user);
    const odd = { ...user, explicitly_followed_by_me: true, follower_count: 0 };
    expect(userFollowChange('7', false)(odd)).toMatchObject({ follower_count: 0 });
  });

  it('reaches the user as a pin’s pinner and as a board’s owner, and leaves other items alone', () => {
    const pin = { type: 'pin', id: '1', pinner: user };
    const board = { type: 'board', id: '2', owner: user };
    expect(userFollowChange('7', true)(pin)).toMatchObject({ pinner: { explicitly_followed_by_me: true, follower_count: 4 } });
    expect(userFollowChange('7', true)(board)).toMatchObject({ owner: { explicitly_followed_by_me: true } });
    expect(userFollowChange('8', true)(pin)).toBeUndefined();
    expect(userFollowChange('7', true)({ type: 'board_section', id: '7' })).toBeUndefined();
  });

  it('blocking sets blocked_by_me and clears the follow flag; unblocking clears blocked_by_me only', () => {
    const following = { ...user, explicitly_followed_by_me: true, followed_by_me: true, follower_count: 4 };
    const blocked = userBlockChange('7', true)(following);
    expect(blocked).toMatchObject({ blocked_by_me: true, explicitly_followed_by_me: false, follower_count: 3 });
    expect(userBlockChange('7', false)(blocked ?? {})).toMatchObject({ blocked_by_me: false, explicitly_followed_by_me: false });
  });

  it('board follow sets followed_by_me and moves the board’s follower_count', () => {
    const board = { type: 'board', id: '2', followed_by_me: false, follower_count: 0 };
    const followed = boardFollowChange('2', true)(board);
    expect(followed).toMatchObject({ followed_by_me: true, follower_count: 1 });
    expect(boardFollowChange('2', false)(followed ?? {})).toMatchObject({ followed_by_me: false, follower_count: 0 });
    expect(boardFollowChange('2', true)(followed ?? {})).toBeUndefined();
    expect(boardFollowChange('3', true)(board)).toBeUndefined();
  });
});
