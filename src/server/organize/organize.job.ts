import { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { BoardAction } from '../db/schema/board-actions.ts';
import type { Board } from '../db/schema/boards-and-pins.ts';
import { lockBoard, transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import type { JobHandler } from '../ports/queue/job-queue.ts';
import { adjustBoard, findBoardById } from '../boards/boards.repo.ts';
import { deleteSectionRow, isSectionOfBoard } from '../boards/sections.repo.ts';
import { adjustPinSaves, deletePinIfUnsaved } from '../pins/pins.repo.ts';
import { countSaves, countSectionMove } from '../pins/save-counts.ts';
import { deleteSave, moveSaveRow, saveOnBoard } from '../pins/saves.repo.ts';
import { progressOf } from '../../shared/blocking-actions.ts';
import { findAction, savesOfPins, updateAction } from './board-actions.repo.ts';

/**
 * A blocking action runs as a job in steps of STEP_PINS pins. Each step is one transaction: its
 * moves or removals, their counters and events, and the action's progress commit together, so a
 * crash loses at most an uncommitted step and a second run goes on from the committed progress.
 */
export const BOARD_ACTION_JOB = 'board.action';
const STEP_PINS = 20;

const Payload = z.object({ actionId: z.string() });

export function boardActionJob(deps: Deps): JobHandler {
  return async (payload) => {
    const { actionId } = Payload.parse(payload);
    while (await runStep(deps, actionId));
  };
}

export async function enqueueBoardAction(deps: Deps, actionId: string): Promise<void> {
  await deps.ports.queue.enqueue({ type: BOARD_ACTION_JOB, payload: { actionId }, dedupeKey: `board-action:${actionId}`, maxAttempts: 10 });
}

type Step = { moved: number; removed: number };

/** One step; whether more remain. */
async function runStep(deps: Deps, actionId: string): Promise<boolean> {
  return transact(deps.db, async (trx) => {
    const first = await findAction(trx, actionId);
    if (first?.state !== 'running') return false;
    await lockBoard(trx, first.board_id);
    const action = await findAction(trx, actionId);
    const source = await findBoardById(trx, first.board_id);
    if (action?.state !== 'running' || !source) return false;
    const pinIds = z.array(z.string()).parse(JSON.parse(action.pin_ids));
    const batch = pinIds.slice(action.done_count, action.done_count + STEP_PINS);
    const now = Date.now();
    const step = await applyStep(deps, trx, action, source, batch, now);
    const done = action.done_count + batch.length;
    const finished = done >= action.pin_count || step === null;
    if (finished && action.kind === 'delete_section') await dropSection(deps, trx, action, pinIds, now);
    const progress = finished ? 100 : progressOf(done, action.pin_count);
    await updateAction(trx, action.id, {
      done_count: finished ? action.pin_count : done,
      moved_count: action.moved_count + (step?.moved ?? 0),
      removed_count: action.removed_count + (step?.removed ?? 0),
      progress,
      state: finished ? 'done' : 'running',
      finished_at: finished ? now : null,
    });
    await deps.events.record(trx, action.actor_id, { type: 'board.action_progressed', boardId: source.id, actionId: action.id, progress, done: finished });
    return !finished;
  });
}

/** The step's work on its pins; null when a move's target board is gone (the action ends there). */
async function applyStep(deps: Deps, db: Db, action: BoardAction, source: Board, batch: string[], now: number): Promise<Step | null> {
  const saves = await savesOfPins(db, source.id, batch);
  const step: Step = { moved: 0, removed: 0 };
  if (action.kind !== 'move') {
    for (const save of saves) await removeSave(deps, db, action.actor_id, source, save, now);
    step.removed = saves.length;
    return step;
  }
  const target = action.target_board_id ? await findBoardById(db, action.target_board_id) : undefined;
  if (!target) return null;
  if (target.id !== source.id) await lockBoard(db, target.id);
  // A target section deleted meanwhile leaves the pins on the target board outside any section.
  const sectionId = action.target_section_id && (await isSectionOfBoard(db, action.target_section_id, target.id)) ? action.target_section_id : null;
  for (const save of saves) await moveSave(deps, db, action.actor_id, { source, target, sectionId }, save, now);
  step.moved = saves.length;
  return step;
}

type SaveRow = { id: string; pin_id: string; section_id: string | null };
type Move = { source: Board; target: Board; sectionId: string | null };

/** A save leaves the board as an unsave would: counts drop, a pin no board holds is deleted. */
async function removeSave(deps: Deps, db: Db, actorId: string, board: Board, save: SaveRow, now: number): Promise<void> {
  await deleteSave(db, save.id);
  await countSaves(db, { boardId: board.id, ownerId: board.owner_id, privacy: board.privacy, sectionId: save.section_id }, -1, now);
  await adjustPinSaves(db, save.pin_id, board.id, -1);
  await deletePinIfUnsaved(db, save.pin_id, now);
  await deps.events.record(db, actorId, { type: 'pin.unsaved', pinId: save.pin_id, boardId: board.id, saveId: save.id });
}

/**
 * A save moves as the save mover moves one: to another section of its board, or to another board
 * (both boards' counts shift). A pin the target already holds just leaves the source, so every pin
 * ends on exactly one of the two boards.
 */
async function moveSave(deps: Deps, db: Db, actorId: string, move: Move, save: SaveRow, now: number): Promise<void> {
  const { source, target, sectionId } = move;
  if (target.id === source.id) {
    await moveSaveRow(db, save.id, { boardId: source.id, sectionId });
    await countSectionMove(db, source.id, save.section_id, sectionId, now);
  } else if (await saveOnBoard(db, target.id, save.pin_id)) {
    await removeSave(deps, db, actorId, source, save, now);
    return;
  } else {
    await moveSaveRow(db, save.id, { boardId: target.id, sectionId });
    await countSaves(db, { boardId: source.id, ownerId: source.owner_id, privacy: source.privacy, sectionId: save.section_id }, -1, now);
    await countSaves(db, { boardId: target.id, ownerId: target.owner_id, privacy: target.privacy, sectionId }, 1, now);
    await adjustPinSaves(db, save.pin_id, source.id, -1);
    await adjustPinSaves(db, save.pin_id, target.id, 1);
  }
  await deps.events.record(db, actorId, { type: 'save.moved', pinId: save.pin_id, saveId: save.id, fromBoardId: source.id, toBoardId: target.id });
}

/** The section goes once its pins are gone: the board's section count drops with it. */
async function dropSection(deps: Deps, db: Db, action: BoardAction, pinIds: string[], now: number): Promise<void> {
  const sectionId = action.section_id;
  if (sectionId === null || !(await isSectionOfBoard(db, sectionId, action.board_id))) return;
  await deleteSectionRow(db, sectionId);
  await adjustBoard(db, action.board_id, { section_count: -1 }, now);
  await deps.events.record(db, action.actor_id, { type: 'section.deleted', boardId: action.board_id, sectionId, pinIds });
}
