import type { Actor } from '../access/actor.ts';
import type { Db } from '../db/database.ts';
import type { Board } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { adjustProfile, markProfilePinsStale } from '../social/counters.ts';
import { writerOf } from '../access/authorized.ts';
import { requireBoardAccess } from '../access/board.policy.ts';
import { adjustBoard, freeSlug } from './boards.repo.ts';
import { loadBoard } from './boards.service.ts';
import { lockBoard, transact } from '../db/transaction.ts';

/** The owner offers the board to an accepted collaborator: it becomes the pending owner. */
export async function requestOwnershipTransfer(deps: Deps, actor: Actor, boardId: string, userId: string): Promise<Board> {
  const writer = writerOf(actor, 'boards:write');
  return transact(deps.db, async (trx) => {
    const { board } = await requireBoardAccess(trx, writer, boardId, 'admin');
    const row = await trx.selectFrom('board_collaborators').select('status').where('board_id', '=', board.id).where('user_id', '=', userId).executeTakeFirst();
    if (row?.status !== 'accepted') throw new AppError('bad_request', 'user_id: Only a collaborator can become the owner.');
    await trx.updateTable('boards').set({ pending_owner_id: userId, updated_at: Date.now() }).where('id', '=', board.id).execute();
    return loadBoard(trx, board.id);
  });
}

/** The owner cancels the offer, or the pending owner declines it: the pending owner is cleared. */
export async function cancelOwnershipTransfer(deps: Deps, actor: Actor, boardId: string): Promise<void> {
  const writer = writerOf(actor, 'boards:write');
  const result = await deps.db
    .updateTable('boards')
    .set({ pending_owner_id: null, updated_at: Date.now() })
    .where('id', '=', boardId)
    .where('pending_owner_id', 'is not', null)
    .where((eb) => eb.or([eb('owner_id', '=', writer.userId), eb('pending_owner_id', '=', writer.userId)]))
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new AppError('not_found');
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
    const board = await trx.selectFrom('boards').selectAll().where('id', '=', boardId).where('pending_owner_id', '=', writer.userId).executeTakeFirst();
    if (!board) throw new AppError('not_found');
    const now = Date.now();
    await moveOwnerCounts(trx, board, writer.userId, now);
    await swapCollaborator(trx, board, writer.userId, now);
    const slug = await freeSlug(trx, writer.userId, board.slug, board.id);
    await trx
      .updateTable('boards')
      .set({ owner_id: writer.userId, pending_owner_id: null, slug, is_quicksave: 0, updated_at: now })
      .where('id', '=', board.id)
      .execute();
    await unfollowOwnBoard(trx, board.id, writer.userId, now);
    await markProfilePinsStale(trx, [board.owner_id, writer.userId], now);
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
  await db.deleteFrom('board_collaborators').where('board_id', '=', board.id).where('user_id', '=', newOwnerId).execute();
  await db
    .insertInto('board_collaborators')
    .values({ board_id: board.id, user_id: board.owner_id, status: 'accepted', can_delete: 1, invited_by: newOwnerId, created_at: now, updated_at: now })
    .execute();
}

/** An owner does not follow their own board. */
async function unfollowOwnBoard(db: Db, boardId: string, userId: string, now: number): Promise<void> {
  const result = await db.deleteFrom('board_follows').where('board_id', '=', boardId).where('user_id', '=', userId).executeTakeFirst();
  if (result.numDeletedRows > 0n) await adjustBoard(db, boardId, { follower_count: -1 }, now);
}
