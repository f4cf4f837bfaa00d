import type { Actor } from '../access/actor.ts';
import type { Db } from '../db/database.ts';
import type { BoardCollaborator } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { blockStateBetween } from '../access/block.policy.ts';
import { writerOf } from '../access/authorized.ts';
import { findVisibleBoard, requireBoardAccess } from '../access/board.policy.ts';
import { adjustBoard } from './boards.repo.ts';
import { transact } from '../db/transaction.ts';

/*
 * Collaborator states (spec: "Boards and collaborators"): the owner invites (invited), the
 * invitee accepts (accepted, write access) or declines (row gone: not_invited). Someone who sees
 * a board asks to join (requested); the owner approves (accepted, write and delete access) or
 * denies (row gone). Accepting or approving raises collaborator_count; removing an accepted
 * collaborator lowers it.
 */

async function findRow(db: Db, boardId: string, userId: string): Promise<BoardCollaborator | undefined> {
  return db.selectFrom('board_collaborators').selectAll().where('board_id', '=', boardId).where('user_id', '=', userId).executeTakeFirst();
}

async function setAccepted(db: Db, boardId: string, userId: string, canDelete: boolean, now: number): Promise<void> {
  await db
    .updateTable('board_collaborators')
    .set({ status: 'accepted', can_delete: canDelete ? 1 : 0, updated_at: now })
    .where('board_id', '=', boardId)
    .where('user_id', '=', userId)
    .execute();
  await adjustBoard(db, boardId, { collaborator_count: 1 }, now);
}

/** Invite: owner only; the invitee must exist and no block stands between them. An existing entry keeps its status. */
export async function inviteCollaborator(deps: Deps, actor: Actor, boardId: string, userId: string): Promise<BoardCollaborator> {
  const writer = writerOf(actor, 'boards:write');
  return transact(deps.db, async (trx) => {
    const { board } = await requireBoardAccess(trx, writer, boardId, 'admin');
    if (userId === board.owner_id) throw new AppError('bad_request', 'user_id: You already own this board.');
    const invitee = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    const blocks = await blockStateBetween(trx, writer.userId, userId);
    if (!invitee || blocks.blockedByMe || blocks.blockedMe) throw new AppError('not_found');
    const existing = await findRow(trx, board.id, userId);
    if (existing) return existing;
    const now = Date.now();
    const row = {
      board_id: board.id,
      user_id: userId,
      status: 'invited' as const,
      can_delete: 0 as const,
      invited_by: writer.userId,
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto('board_collaborators').values(row).execute();
    return row;
  });
}

/** The invitee accepts: write access, collaborator_count + 1. */
export async function acceptInvite(deps: Deps, actor: Actor, boardId: string): Promise<void> {
  const writer = writerOf(actor, 'boards:write');
  await transact(deps.db, async (trx) => {
    const row = await findRow(trx, boardId, writer.userId);
    if (row?.status !== 'invited') throw new AppError('not_found');
    await setAccepted(trx, boardId, writer.userId, false, Date.now());
  });
}

/** The invitee declines (or a requester withdraws): the entry is dropped. */
export async function declineInvite(deps: Deps, actor: Actor, boardId: string): Promise<void> {
  const writer = writerOf(actor, 'boards:write');
  const result = await deps.db
    .deleteFrom('board_collaborators')
    .where('board_id', '=', boardId)
    .where('user_id', '=', writer.userId)
    .where('status', 'in', ['invited', 'requested'])
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) throw new AppError('not_found');
}

/** Request to join a board the caller can see; an existing entry keeps its status. */
export async function requestToJoin(deps: Deps, actor: Actor, boardId: string): Promise<BoardCollaborator> {
  const writer = writerOf(actor, 'boards:write');
  return transact(deps.db, async (trx) => {
    const board = await findVisibleBoard(trx, writer, boardId);
    if (board.owner_id === writer.userId) throw new AppError('bad_request', 'You already own this board.');
    const existing = await findRow(trx, board.id, writer.userId);
    if (existing) return existing;
    const now = Date.now();
    const row = {
      board_id: board.id,
      user_id: writer.userId,
      status: 'requested' as const,
      can_delete: 0 as const,
      invited_by: null,
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto('board_collaborators').values(row).execute();
    return row;
  });
}

/** The owner approves a request to join: write and delete access, collaborator_count + 1. */
export async function approveRequest(deps: Deps, actor: Actor, boardId: string, userId: string): Promise<void> {
  const writer = writerOf(actor, 'boards:write');
  await transact(deps.db, async (trx) => {
    const { board } = await requireBoardAccess(trx, writer, boardId, 'admin');
    const row = await findRow(trx, board.id, userId);
    if (row?.status !== 'requested') throw new AppError('not_found');
    await setAccepted(trx, board.id, userId, true, Date.now());
  });
}

/**
 * Removing a collaborator (the owner: anyone's entry, which also denies a request or withdraws an
 * invite; a collaborator: their own, leaving the board). An accepted one lowers the count and
 * loses any ownership transfer offered to them. Their saves stay on the board.
 */
export async function removeCollaborator(deps: Deps, actor: Actor, boardId: string, userId: string): Promise<void> {
  const writer = writerOf(actor, 'boards:write');
  await transact(deps.db, async (trx) => {
    const board = await findVisibleBoard(trx, writer, boardId);
    if (userId !== writer.userId) await requireBoardAccess(trx, writer, board.id, 'admin');
    const row = await findRow(trx, board.id, userId);
    if (!row) throw new AppError('not_found');
    await dropCollaborator(trx, board.id, row, Date.now());
  });
}

/** Drops one entry with its consequences; also used when a block ends a collaboration. */
export async function dropCollaborator(db: Db, boardId: string, row: Pick<BoardCollaborator, 'user_id' | 'status'>, now: number): Promise<void> {
  await db.deleteFrom('board_collaborators').where('board_id', '=', boardId).where('user_id', '=', row.user_id).execute();
  if (row.status !== 'accepted') return;
  await adjustBoard(db, boardId, { collaborator_count: -1 }, now);
  await db.updateTable('boards').set({ pending_owner_id: null }).where('id', '=', boardId).where('pending_owner_id', '=', row.user_id).execute();
}
