import type { Actor } from '../access/actor.ts';
import { followedBoardsOf } from '../boards/board-follows.repo.ts';
import { entriesOnBoardsOf } from '../boards/collaborators.repo.ts';
import { dropCollaborator } from '../boards/collaborators.service.ts';
import { decodeBookmark, pageOf } from '../common/bookmark.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import type { UserCard } from '../../shared/contracts/user-cards.ts';
import { findUserById } from '../users/users.repo.ts';
import { loadUserCards } from '../users/user-cards.ts';
import { removeBoardFollows, removeUserFollow, withdrawFollowRequest } from './follows.service.ts';
import { writerOf } from '../access/authorized.ts';
import { transact } from '../db/transaction.ts';
import { blockedBy, deleteBlock, insertBlock } from './blocks.repo.ts';

/**
 * Block sets blocked_by_me. From then on the two see nothing of each other, so everything that
 * joined them goes in the same transaction: follows and follow requests both ways (with their counts), each one's
 * follows of the other's boards (with the boards' follower counts), collaborations on each
 * other's boards and ownership offers between them. The one event, member.blocked, stands for
 * all of it: a subscriber re-reads what it keeps of the two.
 */
export async function blockUser(deps: Deps, actor: Actor, userId: string): Promise<void> {
  const writer = writerOf(actor, 'boards:write');
  if (userId === writer.userId) throw new AppError('bad_request', 'You cannot block yourself.');
  await transact(deps.db, async (trx) => {
    if (!(await findUserById(trx, userId))) throw new AppError('not_found');
    const now = Date.now();
    if (!(await insertBlock(trx, writer.userId, userId, now))) return;
    await removeUserFollow(trx, writer.userId, userId, now);
    await removeUserFollow(trx, userId, writer.userId, now);
    await withdrawFollowRequest(trx, writer.userId, userId);
    await withdrawFollowRequest(trx, userId, writer.userId);
    await separateOnBoards(trx, writer.userId, userId, now);
    await separateOnBoards(trx, userId, writer.userId, now);
    await deps.events.record(trx, writer.userId, { type: 'member.blocked', userId });
  });
}

/** `visitorId` stops following, collaborating on and being offered `ownerId`'s boards. */
async function separateOnBoards(db: Db, ownerId: string, visitorId: string, now: number): Promise<void> {
  await removeBoardFollows(db, await followedBoardsOf(db, ownerId, visitorId), visitorId, now);
  for (const row of await entriesOnBoardsOf(db, ownerId, visitorId)) await dropCollaborator(db, row.board_id, row, now);
}

/** Unblock: only the block goes; follows and collaborations are not restored. */
export async function unblockUser(deps: Deps, actor: Actor, userId: string): Promise<void> {
  const writer = writerOf(actor, 'boards:write');
  await transact(deps.db, async (trx) => {
    if (await deleteBlock(trx, writer.userId, userId)) await deps.events.record(trx, writer.userId, { type: 'member.unblocked', userId });
  });
}

const BLOCKED_PAGE_SIZE = 25;

/** UserBlockResource get: the users the caller blocked, newest first, as cards (the settings list, which is the way to unblock). */
export async function blockedCards(deps: Deps, actor: Actor, bookmark: string | undefined): Promise<{ cards: UserCard[]; bookmark: string }> {
  const writer = writerOf(actor, 'boards:write');
  const cursor = decodeBookmark(bookmark);
  if (cursor === 'end') return { cards: [], bookmark: FEED_END };
  const rows = await blockedBy(deps.db, writer.userId, BLOCKED_PAGE_SIZE + 1, cursor ? { at: Number(cursor.key), id: cursor.id } : undefined);
  const page = pageOf(rows, BLOCKED_PAGE_SIZE, (r) => ({ key: r.created_at, id: r.user_id }));
  const cards = await loadUserCards(
    deps,
    writer,
    page.items.map((r) => r.user_id),
  );
  return { cards: page.items.flatMap((r) => cards.get(r.user_id) ?? []), bookmark: page.bookmark };
}
