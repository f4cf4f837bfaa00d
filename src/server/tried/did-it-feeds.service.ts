import type { Actor } from '../access/actor.ts';
import { readerOf } from '../access/authorized.ts';
import { requireNotBlocked, withBlocksKnown } from '../access/block.policy.ts';
import { findVisiblePin } from '../access/pin.policy.ts';
import { decodeBookmark, pageOf } from '../common/bookmark.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findUserByUsername } from '../users/users.repo.ts';
import type { DidItJson } from '../../shared/contracts/did-its.ts';
import { DID_IT_PAGE_SIZE } from '../../shared/did-it.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import { didItsByUser, didItsOfPin } from './did-its.repo.ts';
import { presentDidIts } from './did-its.present.ts';

export type DidItFeed = { items: DidItJson[]; bookmark: string };

/** A pin's tried-its, newest first, paged by bookmark: a pin the reader may not see has none to show (404). */
export async function pinDidIts(deps: Deps, actor: Actor, pinId: string, bookmark: string | undefined): Promise<DidItFeed> {
  const reader = await withBlocksKnown(deps.db, readerOf(actor));
  const pin = await findVisiblePin(deps.db, reader, pinId);
  const cursor = decodeBookmark(bookmark);
  if (cursor === 'end') return { items: [], bookmark: FEED_END };
  const rows = await didItsOfPin(deps.db, reader, pin.id, { after: cursor, limit: DID_IT_PAGE_SIZE + 1 });
  const page = pageOf(rows, DID_IT_PAGE_SIZE, (r) => ({ key: r.created_at, id: r.id }));
  return { items: await presentDidIts(deps, reader, page.items), bookmark: page.bookmark };
}

/** A profile's Tried tab: the member's tried-its on pins the reader may see; a block either way is 404. */
export async function userDidIts(deps: Deps, actor: Actor, username: string, bookmark: string | undefined): Promise<DidItFeed> {
  const reader = await withBlocksKnown(deps.db, readerOf(actor));
  const user = await findUserByUsername(deps.db, username.toLowerCase());
  if (!user) throw new AppError('not_found');
  await requireNotBlocked(deps.db, reader, user.id);
  const cursor = decodeBookmark(bookmark);
  if (cursor === 'end') return { items: [], bookmark: FEED_END };
  const rows = await didItsByUser(deps.db, reader, user.id, { after: cursor, limit: DID_IT_PAGE_SIZE + 1 });
  const page = pageOf(rows, DID_IT_PAGE_SIZE, (r) => ({ key: r.created_at, id: r.id }));
  return { items: await presentDidIts(deps, reader, page.items), bookmark: page.bookmark };
}
