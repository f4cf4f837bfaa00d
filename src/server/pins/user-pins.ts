import type { Actor } from '../access/actor.ts';
import { decodeBookmark, pageOf } from '../common/bookmark.ts';
import type { Pin, PinKind } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import { requireNotBlocked } from '../access/block.policy.ts';
import { readerOf } from '../access/authorized.ts';
import { findUserByUsername } from '../users/users.repo.ts';
import { clearProfilePinsStale, pinsCreatedBy } from './user-pins.repo.ts';

export const USER_PINS_PAGE_SIZE = 25;

export type UserPinsQuery = {
  username: string;
  bookmark?: string | undefined;
  /** Only pins of these kinds (the public API's creative types). */
  kinds?: readonly [PinKind, ...PinKind[]] | undefined;
  /** The public API's page_size; the profile grid's own size otherwise. */
  pageSize?: number | undefined;
  /** Only story pins (the profile's story pins tab). */
  storiesOnly?: boolean | undefined;
};

/**
 * UserPinsResource: the pins a profile created that the reader may see, newest first. The owner
 * loading the first page is the refresh that clears the profile-pins-stale mark.
 */

export async function userPins(deps: Deps, actor: Actor, query: UserPinsQuery): Promise<{ pins: Pin[]; bookmark: string }> {
  const reader = readerOf(actor);
  const user = await findUserByUsername(deps.db, query.username.toLowerCase());
  if (!user) throw new AppError('not_found');
  await requireNotBlocked(deps.db, reader, user.id);
  const cursor = decodeBookmark(query.bookmark);
  if (cursor === 'end') return { pins: [], bookmark: FEED_END };
  // Only the whole list is the refresh the stale mark waits for.
  if (cursor === null && reader.userId === user.id && !query.storiesOnly) await clearProfilePinsStale(deps.db, user.id);
  const size = query.pageSize ?? USER_PINS_PAGE_SIZE;
  const found = await pinsCreatedBy(deps.db, reader, user.id, { kinds: query.kinds, storiesOnly: query.storiesOnly, after: cursor, limit: size + 1 });
  const page = pageOf(found, size, (p) => ({ key: p.created_at, id: p.id }));
  return { pins: page.items, bookmark: page.bookmark };
}
