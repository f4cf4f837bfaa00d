import { requireMayPublish } from '../access/restrictions.policy.ts';
import type { Actor } from '../access/actor.ts';
import { writerOf, type Writer } from '../access/authorized.ts';
import { requireBoardAccess, requireNotArchived } from '../access/board.policy.ts';
import { requireUnblocked } from '../access/blocking.policy.ts';
import { findVisiblePin, requirePublishable } from '../access/pin.policy.ts';
import { quicksaveBoard } from '../boards/boards.service.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import type { Board, BoardPin } from '../db/schema/boards-and-pins.ts';
import { lockPin, transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { requireSectionOf } from './pins.service.ts';
import { adjustPinSaves, creatorOfPin, deletePinIfUnsaved } from './pins.repo.ts';
import { countSaves, countSectionMove } from './save-counts.ts';
import { deleteSave, findSave, insertSaveIfNew, lastBoardSavedTo, moveSaveRow, saveOnBoard } from './saves.repo.ts';

export type SaveTarget = { pinId: string; boardId?: string | undefined; sectionId?: string | null | undefined };

/**
 * Save (repin): the pin goes onto a board (and section) the caller may write to and that is not
 * archived. Without a board it is a quick save: onto the board the caller saved to last, or the
 * quicksave board when they have none. Saving a pin a board already holds answers that save.
 */
export async function savePin(deps: Deps, actor: Actor, target: SaveTarget): Promise<BoardPin> {
  const writer = writerOf(actor, 'pins:write');
  await requireMayPublish(deps.db, writer);
  return transact(deps.db, async (trx) => {
    await lockPin(trx, target.pinId);
    const pin = await findVisiblePin(trx, writer, target.pinId);
    const now = Date.now();
    const board = target.boardId ? (await requireBoardAccess(trx, writer, target.boardId, 'write')).board : await quickSaveTarget(deps, trx, writer, now);
    requireNotArchived(board);
    await requirePublishable(trx, writer, pin, board);
    const sectionId = await requireSectionOf(trx, board.id, target.sectionId);
    const save: BoardPin = { id: newId(), pin_id: pin.id, board_id: board.id, section_id: sectionId, saved_by: writer.userId, created_at: now };
    // One statement in the common case; the board's existing save answers a repeat.
    if (!(await insertSaveIfNew(trx, save))) return existingSave(trx, board.id, pin.id);
    await countSaves(trx, { boardId: board.id, ownerId: board.owner_id, privacy: board.privacy, sectionId }, 1, now);
    await adjustPinSaves(trx, pin.id, board.id, 1);
    await deps.events.record(trx, writer.userId, { type: 'pin.saved', pinId: pin.id, boardId: board.id, saveId: save.id });
    return save;
  });
}

async function existingSave(db: Db, boardId: string, pinId: string): Promise<BoardPin> {
  const save = await saveOnBoard(db, boardId, pinId);
  if (!save) throw new Error(`board ${boardId} refused pin ${pinId} without holding it`);
  return save;
}

/** The last board the writer saved to that they may still write to, else their quicksave board. */
async function quickSaveTarget(deps: Deps, db: Db, writer: Writer, now: number): Promise<Board> {
  const recent = await lastBoardSavedTo(db, writer.userId);
  if (recent && (recent.privacy === 'public' || writer.writesSecret)) return recent;
  return quicksaveBoard(deps, db, writer.userId, now);
}

/**
 * A save and what the caller may do with it: move it within its board (write access, as every
 * board write checks it), and remove it (delete access, or their own save).
 */
async function requireSaveAccess(db: Db, writer: Writer, saveId: string) {
  const save = await findSave(db, saveId);
  if (!save) throw new AppError('not_found');
  const { board, access } = await requireBoardAccess(db, writer, save.board_id, 'write');
  await requireUnblocked(db, board.id, save.section_id);
  return { save, board, canRemove: access.delete || save.saved_by === writer.userId };
}

/** Unsave: the save goes, counts drop; a pin no board holds any more is deleted. */
export async function unsavePin(deps: Deps, actor: Actor, saveId: string): Promise<BoardPin> {
  const writer = writerOf(actor, 'pins:write');
  return transact(deps.db, async (trx) => {
    const { save, board, canRemove } = await requireSaveAccess(trx, writer, saveId);
    if (!canRemove) throw new AppError('forbidden');
    const now = Date.now();
    await deleteSave(trx, save.id);
    await countSaves(trx, { boardId: board.id, ownerId: board.owner_id, privacy: board.privacy, sectionId: save.section_id }, -1, now);
    await adjustPinSaves(trx, save.pin_id, board.id, -1);
    await deletePinIfUnsaved(trx, save.pin_id, now);
    await deps.events.record(trx, writer.userId, { type: 'pin.unsaved', pinId: save.pin_id, boardId: save.board_id, saveId: save.id });
    return save;
  });
}

export type MoveTarget = { boardId?: string | undefined; sectionId?: string | null | undefined };

/**
 * Move a save to another section of its board (write access) or to another board (remove access
 * here, write access there): the counts of both places shift, and the pin's save count when one
 * of the boards is public and the other secret.
 */
export async function moveSave(deps: Deps, actor: Actor, saveId: string, target: MoveTarget): Promise<BoardPin> {
  const writer = writerOf(actor, 'pins:write');
  return transact(deps.db, async (trx) => {
    const { save, board, canRemove } = await requireSaveAccess(trx, writer, saveId);
    const now = Date.now();
    if (!target.boardId || target.boardId === board.id) {
      const sectionId = target.sectionId === undefined ? save.section_id : await requireSectionOf(trx, board.id, target.sectionId);
      await moveSaveRow(trx, save.id, { boardId: board.id, sectionId });
      await countSectionMove(trx, board.id, save.section_id, sectionId, now);
      await deps.events.record(trx, writer.userId, { type: 'save.moved', pinId: save.pin_id, saveId: save.id, fromBoardId: board.id, toBoardId: board.id });
      return { ...save, section_id: sectionId };
    }
    if (!canRemove) throw new AppError('forbidden');
    const { board: to } = await requireBoardAccess(trx, writer, target.boardId, 'write');
    requireNotArchived(to);
    await requirePublishable(trx, writer, { id: save.pin_id, creator_id: await creatorOfPin(trx, save.pin_id) }, to);
    const sectionId = await requireSectionOf(trx, to.id, target.sectionId);
    if (await saveOnBoard(trx, to.id, save.pin_id)) throw new AppError('conflict', 'This Pin is already on that board.');
    await moveSaveRow(trx, save.id, { boardId: to.id, sectionId });
    await countSaves(trx, { boardId: board.id, ownerId: board.owner_id, privacy: board.privacy, sectionId: save.section_id }, -1, now);
    await countSaves(trx, { boardId: to.id, ownerId: to.owner_id, privacy: to.privacy, sectionId }, 1, now);
    await adjustPinSaves(trx, save.pin_id, board.id, -1);
    await adjustPinSaves(trx, save.pin_id, to.id, 1);
    await deps.events.record(trx, writer.userId, { type: 'save.moved', pinId: save.pin_id, saveId: save.id, fromBoardId: board.id, toBoardId: to.id });
    return { ...save, board_id: to.id, section_id: sectionId };
  });
}
