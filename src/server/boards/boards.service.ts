import type { Actor } from '../access/actor.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import type { Board, BoardPrivacy } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { adjustProfile, markProfilePinsStale } from '../users/profile-counters.repo.ts';
import { writerOf } from '../access/authorized.ts';
import type { BoardChanges, BoardFields } from '../../shared/contracts/boards.ts';
import { requireBoardAccess, requireSecretWrite } from '../access/board.policy.ts';
import { requireUnblocked } from '../access/blocking.policy.ts';
import { deleteBoardRow, findBoardById, findQuicksaveBoard, freeSlug, insertBoard, pinIdsOnBoard, updateBoardRow } from './boards.repo.ts';
import { countSavesOnBoard, isSavedOn, releaseBoardPins, shiftBoardPinSaves } from './board-saves.repo.ts';
import { slugify } from './slug.ts';
import { lockBoard, transact } from '../db/transaction.ts';
import type { EventOf } from '../events/catalogue.ts';

/** The name of the board a save without a board lands on (the spec's quicksave board). */
export const QUICKSAVE_BOARD_NAME = 'Quick saves';

/**
 * BoardResource create. Board creation raises board_count by 1 unless the user has a quicksave
 * board: then the new board takes the quicksave board's place (its saves stay, it gets the new
 * name and settings), so the number of boards, and the count, stay the same.
 */
export async function createBoard(deps: Deps, actor: Actor, fields: BoardFields): Promise<Board> {
  const writer = writerOf(actor, 'boards:write');
  requireSecretWrite(writer, fields.privacy);
  const privacy = fields.privacy ?? 'public';
  const board = await transact(deps.db, async (trx) => {
    const now = Date.now();
    const quicksave = await findQuicksaveBoard(trx, writer.userId);
    const id = quicksave ? await convertQuicksave(trx, quicksave, { ...fields, privacy }, now) : newId();
    if (!quicksave) {
      const slug = await freeSlug(trx, writer.userId, slugify(fields.name));
      await insertBoard(trx, { id, ownerId: writer.userId, name: fields.name, slug, description: fields.description ?? '', privacy, quicksave: false, now });
      await adjustProfile(trx, writer.userId, { board_count: 1, secret_board_count: privacy === 'secret' ? 1 : 0 }, now);
    }
    // From the quicksave board, the secret board may just have turned into this public one, pins and all.
    await deps.events.record(trx, writer.userId, { type: 'board.created', boardId: id });
    return loadBoard(trx, id);
  });
  return board;
}

async function convertQuicksave(db: Db, stale: Board, fields: BoardFields & { privacy: BoardPrivacy }, now: number): Promise<string> {
  await lockBoard(db, stale.id);
  const board = await loadBoard(db, stale.id);
  const slug = await freeSlug(db, board.owner_id, slugify(fields.name), board.id);
  await updateBoardRow(db, board.id, {
    name: fields.name,
    slug,
    description: fields.description ?? '',
    privacy: fields.privacy,
    is_quicksave: 0,
    updated_at: now,
  });
  await movePrivacyCounts(db, board, fields.privacy, now);
  return board.id;
}

/**
 * The board a save without a board lands on: the member's quicksave board, made (secret, since
 * nobody chose to publish it) the first time it is needed. Its creation counts as a board.
 */
export async function quicksaveBoard(deps: Deps, db: Db, userId: string, now: number): Promise<Board> {
  const existing = await findQuicksaveBoard(db, userId);
  if (existing) return existing;
  const id = newId();
  const slug = await freeSlug(db, userId, slugify(QUICKSAVE_BOARD_NAME));
  await insertBoard(db, { id, ownerId: userId, name: QUICKSAVE_BOARD_NAME, slug, description: '', privacy: 'secret', quicksave: true, now });
  await adjustProfile(db, userId, { board_count: 1, secret_board_count: 1 }, now);
  await deps.events.record(db, userId, { type: 'board.created', boardId: id });
  return loadBoard(db, id);
}

/** BoardResource update: name (and with it the slug), description, privacy, cover pin. Owner only. */
export async function updateBoard(deps: Deps, actor: Actor, boardId: string, changes: BoardChanges): Promise<Board> {
  const writer = writerOf(actor, 'boards:write');
  requireSecretWrite(writer, changes.privacy);
  const updated = await transact(deps.db, async (trx) => {
    await lockBoard(trx, boardId);
    const { board } = await requireBoardAccess(trx, writer, boardId, 'admin');
    const now = Date.now();
    if (changes.cover_pin_id && !(await isSavedOn(trx, board.id, changes.cover_pin_id))) {
      throw new AppError('bad_request', 'cover_pin_id: The cover must be a Pin on this board.');
    }
    const slug = changes.name && changes.name !== board.name ? await freeSlug(trx, board.owner_id, slugify(changes.name), board.id) : undefined;
    await updateBoardRow(trx, board.id, {
      ...(changes.name ? { name: changes.name, slug } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.privacy ? { privacy: changes.privacy } : {}),
      ...(changes.cover_pin_id !== undefined ? { cover_pin_id: changes.cover_pin_id } : {}),
      updated_at: now,
    });
    if (changes.privacy) await movePrivacyCounts(trx, board, changes.privacy, now);
    await deps.events.record(trx, writer.userId, { type: 'board.changed', boardId: board.id, fields: changedFields(board, changes) });
    return loadBoard(trx, board.id);
  });
  return updated;
}

function changedFields(board: Board, changes: BoardChanges): EventOf<'board.changed'>['fields'] {
  return [
    ...(changes.name && changes.name !== board.name ? ['name' as const] : []),
    ...(changes.description !== undefined && changes.description !== board.description ? ['description' as const] : []),
    ...(changes.privacy && changes.privacy !== board.privacy ? ['privacy' as const] : []),
    ...(changes.cover_pin_id !== undefined && changes.cover_pin_id !== board.cover_pin_id ? ['cover' as const] : []),
  ];
}

/**
 * A board changing privacy moves its pins and itself between the owner's public and secret counts,
 * and its saves in or out of its pins' save counts.
 */
async function movePrivacyCounts(db: Db, board: Board, to: BoardPrivacy, now: number): Promise<void> {
  if (board.privacy === to) return;
  const sign = to === 'secret' ? 1 : -1;
  await adjustProfile(db, board.owner_id, { secret_board_count: sign, secret_pin_count: sign * board.pin_count }, now);
  await shiftBoardPinSaves(db, board.id, to === 'secret' ? -1 : 1);
}

/**
 * BoardResource update: the settings it names (none is a change too: the board is touched), then
 * the archive flag if it names one.
 */
export async function editBoard(deps: Deps, actor: Actor, boardId: string, changes: BoardChanges & { archived?: boolean | undefined }): Promise<Board> {
  const { archived, ...settings } = changes;
  if (archived === undefined) return updateBoard(deps, actor, boardId, settings);
  if (Object.keys(settings).length > 0) await updateBoard(deps, actor, boardId, settings);
  return setBoardArchived(deps, actor, boardId, archived);
}

/** Archive sets the board's archived time to now; unarchive clears it. Owner only; repeating is harmless. */
export async function setBoardArchived(deps: Deps, actor: Actor, boardId: string, archived: boolean): Promise<Board> {
  const writer = writerOf(actor, 'boards:write');
  return transact(deps.db, async (trx) => {
    const { board } = await requireBoardAccess(trx, writer, boardId, 'admin');
    const now = Date.now();
    await updateBoardRow(trx, board.id, { archived_at: archived ? (board.archived_at ?? now) : null, updated_at: now });
    await deps.events.record(trx, writer.userId, { type: 'board.archived', boardId: board.id, archived });
    return loadBoard(trx, board.id);
  });
}

/**
 * BoardResource delete: the board, its sections and saves go; the owner's counts lose the board
 * and its pins; pins no other board holds are deleted; the owner's profile pins become stale.
 */
export async function deleteBoard(deps: Deps, actor: Actor, boardId: string): Promise<void> {
  const writer = writerOf(actor, 'boards:write');
  await transact(deps.db, async (trx) => {
    await lockBoard(trx, boardId);
    const { board } = await requireBoardAccess(trx, writer, boardId, 'admin');
    await requireUnblocked(trx, board.id, undefined);
    const now = Date.now();
    const saves = await countSavesOnBoard(trx, board.id);
    const secret = board.privacy === 'secret';
    await adjustProfile(
      trx,
      board.owner_id,
      { board_count: -1, secret_board_count: secret ? -1 : 0, pin_count: -saves, secret_pin_count: secret ? -saves : 0 },
      now,
    );
    const pinIds = await pinIdsOnBoard(trx, board.id);
    await releaseBoardPins(trx, board.id, board.privacy === 'public', now);
    await deleteBoardRow(trx, board.id);
    await markProfilePinsStale(trx, [board.owner_id], now);
    await deps.events.record(trx, writer.userId, { type: 'board.deleted', boardId: board.id, pinIds });
  });
}

export async function loadBoard(db: Db, id: string): Promise<Board> {
  const board = await findBoardById(db, id);
  if (!board) throw new AppError('not_found');
  return board;
}
