import type { Actor } from '../access/actor.ts';
import type { Db } from '../db/database.ts';
import type { Board, BoardCollaborator } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { blockStateBetween } from '../access/block.policy.ts';
import { writerOf, type Writer } from '../access/authorized.ts';
import { findVisibleBoard, requireBoardAccess } from '../access/board.policy.ts';
import { findUserById } from '../users/users.repo.ts';
import { adjustBoard } from './boards.repo.ts';
import { loadBoard } from './boards.service.ts';
import { deleteCollaborator, deleteCollaboratorIn, findCollaborator, insertCollaborator, setCollaboratorAccepted } from './collaborators.repo.ts';
import { clearOfferTo } from './ownership.repo.ts';
import { transact } from '../db/transaction.ts';

/*
 * Collaborator states (spec: "Boards and collaborators"): the owner invites (invited), the
 * invitee accepts (accepted, write access) or declines (row gone: not_invited). Someone who sees
 * a board asks to join (requested); the owner approves (accepted, write and delete access) or
 * denies (row gone). Accepting or approving raises collaborator_count; removing an accepted
 * collaborator lowers it. Each change records collaborator.changed.
 */

async function accept(deps: Deps, db: Db, writer: Writer, boardId: string, userId: string, canDelete: boolean): Promise<void> {
  const now = Date.now();
  await setCollaboratorAccepted(db, boardId, userId, canDelete, now);
  await adjustBoard(db, boardId, { collaborator_count: 1 }, now);
  await deps.events.record(db, writer.userId, { type: 'collaborator.changed', boardId, userId, status: 'accepted' });
}

/** A new entry, or the one the user already has (which keeps its status). */
async function addEntry(deps: Deps, db: Db, writer: Writer, entry: Pick<BoardCollaborator, 'board_id' | 'user_id' | 'status' | 'invited_by'>) {
  const existing = await findCollaborator(db, entry.board_id, entry.user_id);
  if (existing) return existing;
  const now = Date.now();
  const row = { ...entry, can_delete: 0 as const, created_at: now, updated_at: now };
  await insertCollaborator(db, row);
  await deps.events.record(db, writer.userId, { type: 'collaborator.changed', boardId: entry.board_id, userId: entry.user_id, status: entry.status });
  return row;
}

/** Invite: owner only; the invitee must exist and no block stands between them. An existing entry keeps its status. */
export async function inviteCollaborator(deps: Deps, actor: Actor, boardId: string, userId: string): Promise<BoardCollaborator> {
  const writer = writerOf(actor, 'boards:write');
  return transact(deps.db, async (trx) => {
    const { board } = await requireBoardAccess(trx, writer, boardId, 'admin');
    if (userId === board.owner_id) throw new AppError('bad_request', 'user_id: You already own this board.');
    const invitee = await findUserById(trx, userId);
    const blocks = await blockStateBetween(trx, writer.userId, userId);
    if (!invitee || blocks.blockedByMe || blocks.blockedMe) throw new AppError('not_found');
    return addEntry(deps, trx, writer, { board_id: board.id, user_id: userId, status: 'invited', invited_by: writer.userId });
  });
}

/** The invitee accepts: write access, collaborator_count + 1. Answers the board, theirs to see now. */
export async function acceptInvite(deps: Deps, actor: Actor, boardId: string): Promise<Board> {
  const writer = writerOf(actor, 'boards:write');
  return transact(deps.db, async (trx) => {
    const row = await findCollaborator(trx, boardId, writer.userId);
    if (row?.status !== 'invited') throw new AppError('not_found');
    await accept(deps, trx, writer, boardId, writer.userId, false);
    return loadBoard(trx, boardId);
  });
}

/** The invitee declines (or a requester withdraws): the entry is dropped. */
export async function declineInvite(deps: Deps, actor: Actor, boardId: string): Promise<void> {
  const writer = writerOf(actor, 'boards:write');
  await transact(deps.db, async (trx) => {
    if (!(await deleteCollaboratorIn(trx, boardId, writer.userId, ['invited', 'requested']))) throw new AppError('not_found');
    await deps.events.record(trx, writer.userId, { type: 'collaborator.changed', boardId, userId: writer.userId, status: 'removed' });
  });
}

/** Request to join a board the caller can see; an existing entry keeps its status. */
export async function requestToJoin(deps: Deps, actor: Actor, boardId: string): Promise<BoardCollaborator> {
  const writer = writerOf(actor, 'boards:write');
  return transact(deps.db, async (trx) => {
    const board = await findVisibleBoard(trx, writer, boardId);
    if (board.owner_id === writer.userId) throw new AppError('bad_request', 'You already own this board.');
    return addEntry(deps, trx, writer, { board_id: board.id, user_id: writer.userId, status: 'requested', invited_by: null });
  });
}

/** The owner approves a request to join: write and delete access, collaborator_count + 1. */
export async function approveRequest(deps: Deps, actor: Actor, boardId: string, userId: string): Promise<void> {
  const writer = writerOf(actor, 'boards:write');
  await transact(deps.db, async (trx) => {
    const { board } = await requireBoardAccess(trx, writer, boardId, 'admin');
    const row = await findCollaborator(trx, board.id, userId);
    if (row?.status !== 'requested') throw new AppError('not_found');
    await accept(deps, trx, writer, board.id, userId, true);
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
    const row = await findCollaborator(trx, board.id, userId);
    if (!row) throw new AppError('not_found');
    await dropCollaborator(trx, board.id, row, Date.now());
    await deps.events.record(trx, writer.userId, { type: 'collaborator.changed', boardId: board.id, userId, status: 'removed' });
  });
}

/** Drops one entry with its consequences; also used when a block ends a collaboration. */
export async function dropCollaborator(db: Db, boardId: string, row: Pick<BoardCollaborator, 'user_id' | 'status'>, now: number): Promise<void> {
  await deleteCollaborator(db, boardId, row.user_id);
  if (row.status !== 'accepted') return;
  await adjustBoard(db, boardId, { collaborator_count: -1 }, now);
  await clearOfferTo(db, boardId, row.user_id);
}
