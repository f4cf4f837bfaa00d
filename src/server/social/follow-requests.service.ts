import type { Actor } from '../access/actor.ts';
import { readerOf, requireSession } from '../access/authorized.ts';
import { decodeBookmark, pageOf } from '../common/bookmark.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import type { FollowRequestAnswer } from '../../shared/contracts/follow-requests.ts';
import type { UserCard } from '../../shared/contracts/user-cards.ts';
import { loadUserCards } from '../users/user-cards.ts';
import { addUserFollow } from './follows.service.ts';
import { deleteFollowRequest, followRequestsTo } from './follow-requests.repo.ts';

/**
 * A private profile's owner answers the members who asked to follow them
 * (docs/decisions/0046-follow-requests.md). These are a person's choices: a browser session only.
 */

const REQUESTS_PAGE_SIZE = 25;

/** FollowRequestResource get: the members waiting for the caller's answer, newest first, as cards. */
export async function followRequestCards(deps: Deps, actor: Actor, bookmark: string | undefined): Promise<{ cards: UserCard[]; bookmark: string }> {
  const member = requireSession(actor);
  const cursor = decodeBookmark(bookmark);
  if (cursor === 'end') return { cards: [], bookmark: FEED_END };
  const rows = await followRequestsTo(deps.db, member.userId, REQUESTS_PAGE_SIZE + 1, cursor ? { at: Number(cursor.key), id: cursor.id } : undefined);
  const page = pageOf(rows, REQUESTS_PAGE_SIZE, (r) => ({ key: r.created_at, id: r.user_id }));
  const cards = await loadUserCards(
    deps,
    readerOf(actor),
    page.items.map((r) => r.user_id),
  );
  return { cards: page.items.flatMap((r) => cards.get(r.user_id) ?? []), bookmark: page.bookmark };
}

/**
 * FollowRequestResource update: accept makes the requester a follower (counts and user.followed
 * as any follow), decline only drops the request. Either way the request is gone; no request from
 * that member is not found.
 */
export async function answerFollowRequest(deps: Deps, actor: Actor, requesterId: string, answer: FollowRequestAnswer): Promise<void> {
  const member = requireSession(actor);
  await transact(deps.db, async (trx) => {
    if (!(await deleteFollowRequest(trx, requesterId, member.userId))) throw new AppError('not_found');
    if (answer === 'accept') await addUserFollow(deps, trx, requesterId, member.userId, Date.now());
    await deps.events.record(trx, member.userId, { type: answer === 'accept' ? 'follow_request.accepted' : 'follow_request.declined', userId: requesterId });
  });
}
