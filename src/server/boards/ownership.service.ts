import type { Actor } from '../access/actor.ts';
import type { Db } from '../db/database.ts';
import type { Board } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { adjustProfile, markProfilePinsStale } from '../users/profile-counters.repo.ts';
import { writerOf } from '../access/authorized.ts';
import { requireBoardAccess } from '../access/board.policy.ts';
import { adjustBoard, freeSlug, updateBoardRow } from './boards.repo.ts';
import { deleteBoardFollow } from './board-follows.repo.ts';
import { deleteCollaborator, findCollaborator, insertCollaborator } from './collaborators.repo.ts';
import { findBoardOfferedTo, withdrawOffer } from './ownership.repo.ts';
import { loadBoard } from './boards.service.ts';
import { lockBoard, transact } from '../db/transaction.ts';

/** The owner offers the board to an accepted collaborator: it becomes the pending owner. */
export async function requestOwnershipTransfer(deps: Deps, actor: Actor, boardId: string, userId: string): Promise<Board> {
  const writer = writerOf(actor, 'boards:write');
  return transact(deps.db, async (trx) => {
    const { board } = await requireBoardAccess(trx, writer, boardId, 'admin');
    const row = await findCollaborator(trx, board.id, userId);
    if (row?.status !== 'accepted') throw new AppError('bad_request', 'user_id: Only a collaborator can become the owner.');
    await updateBoardRow(trx, board.id, { pending_owner_id: userId, updated_at: Date.now() });
    await deps.events.record(trx, writer.userId, { type: 'ownership.offered', boardId: board.id, userId });
    return loadBoard(trx, board.id);
  });
}

/** The owner cancels the offer, or the pending owner declines it: the pending owner is cleared. */
export async function cancelOwnershipTransfer(deps: Deps, actor: Actor, boardId: string): Promise<void> {
  const writer = writerOf(actor, 'boards:write');
  await transact(deps.db, async (trx) => {
    if (!(await withdrawOffer(trx, boardId, writer.userId, Date.now()))) throw new AppError('not_found');
    await deps.events.record(trx, writer.userId, { type: 'ownership.cancelled', boardId });
  });
}

/**
 * The pending owner accepts: the board (with its pins and their counts) moves to them, the old
 * owner stays on as a collaborator with write and delete access, and both profiles' pins are
 * stale. The slug changes only if the new owner already has one like it.
 */
export async function acceptOwnershipTransfer(deps: Deps, actor: Actor, boardId: string): Promise<Board> {
  const writer = writerOf(actor, 'boards:write');
  return transact(deps.db, async (trx) => {
    await lockBoard(trx, boardId);
    const board = await findBoardOfferedTo(trx, boardId, writer.userId);
    if (!board) throw new AppError('not_found');
    const now = Date.now();
    await moveOwnerCounts(trx, board, writer.userId, now);
    await swapCollaborator(trx, board, writer.userId, now);
    const slug = await freeSlug(trx, writer.userId, board.slug, board.id);
    await updateBoardRow(trx, board.id, { owner_id: writer.userId, pending_owner_id: null, slug, is_quicksave: 0, updated_at: now });
    // An owner does not follow their own board.
    if (await deleteBoardFollow(trx, board.id, writer.userId)) await adjustBoard(trx, board.id, { follower_count: -1 }, now);
    await markProfilePinsStale(trx, [board.owner_id, writer.userId], now);
    await deps.events.record(trx, writer.userId, { type: 'ownership.transferred', boardId: board.id, fromUserId: board.owner_id, toUserId: writer.userId });
    return loadBoard(trx, board.id);
  });
}

async function moveOwnerCounts(db: Db, board: Board, newOwnerId: string, now: number): Promise<void> {
  const secret = board.privacy === 'secret' ? 1 : 0;
  const counts = { board_count: 1, secret_board_count: secret, pin_count: board.pin_count, secret_pin_count: secret * board.pin_count };
  const negated = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, -v]));
  await adjustProfile(db, board.owner_id, negated, now);
  await adjustProfile(db, newOwnerId, counts, now);
}

/** The new owner's collaborator entry goes, the old owner's comes: collaborator_count is unchanged. */
async function swapCollaborator(db: Db, board: Board, newOwnerId: string, now: number): Promise<void> {
  await deleteCollaborator(db, board.id, newOwnerId);
  await insertCollaborator(db, {
    board_id: board.id,
    user_id: board.owner_id,
    status: 'accepted',
    can_delete: 1,
    invited_by: newOwnerId,
    created_at: now,
    updated_at: now,
  });
}
