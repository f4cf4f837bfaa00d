import type { ItemChange } from '../data/resource-store.ts';

/*
 * How a follow or a block shows in every cached copy: the user's own record (the profile, lists),
 * the pinner of each pin and the owner of each board (viewer spec section 3; business spec
 * section 4, "User record changes").
 */

type Item = Record<string, unknown>;

const isObject = (value: unknown): value is Item => value !== null && typeof value === 'object';
const count = (value: unknown) => (typeof value === 'number' ? value : 0);

/** A user card or profile after the viewer follows (or unfollows) them: the flag, and follower_count by one. */
function withFollow(user: Item, followed: boolean): Item {
  if (user['explicitly_followed_by_me'] === followed) return user;
  return {
    ...user,
    explicitly_followed_by_me: followed,
    followed_by_me: followed,
    follower_count: Math.max(0, count(user['follower_count']) + (followed ? 1 : -1)),
  };
}

/** A change of the user wherever it appears: itself, a pin's pinner, a board's owner. */
function changeUser(userId: string, change: (user: Item) => Item): ItemChange {
  return (item) => {
    if (item['type'] === 'user' && item['id'] === userId) return change(item);
    for (const field of ['pinner', 'owner'] as const) {
      const nested = item[field];
      if (isObject(nested) && nested['id'] === userId) return { ...item, [field]: change(nested) };
    }
    return undefined;
  };
}

export function userFollowChange(userId: string, followed: boolean): ItemChange {
  return changeUser(userId, (user) => withFollow(user, followed));
}

/** Blocking sets blocked_by_me and ends the viewer's follow; unblocking clears the flag. */
export function userBlockChange(userId: string, blocked: boolean): ItemChange {
  return changeUser(userId, (user) => ({ ...(blocked ? withFollow(user, false) : user), blocked_by_me: blocked }));
}

/** A board the viewer follows (or stops following): followed_by_me and follower_count by one. */
export function boardFollowChange(boardId: string, followed: boolean): ItemChange {
  return (item) => {
    if (item['type'] !== 'board' || item['id'] !== boardId || item['followed_by_me'] === followed) return undefined;
    return { ...item, followed_by_me: followed, follower_count: Math.max(0, count(item['follower_count']) + (followed ? 1 : -1)) };
  };
}

/** A topic the viewer follows (or stops following): is_followed and follower_count by one, wherever it is cached. */
export function interestFollowChange(interestId: string, followed: boolean): ItemChange {
  return (item) => {
    if (item['type'] !== 'interest' || item['id'] !== interestId || item['is_followed'] === followed) return undefined;
    return { ...item, is_followed: followed, follower_count: Math.max(0, count(item['follower_count']) + (followed ? 1 : -1)) };
  };
}
