import type { Actor } from '../access/actor.ts';
import { readerOf, writerOf, type Writer } from '../access/authorized.ts';
import { findVisibleBoard, requireBoardAccess, requireNotArchived, roleOnBoard } from '../access/board.policy.ts';
import { requireUnblocked } from '../access/blocking.policy.ts';
import { operatorOf } from '../access/operators.ts';
import { isOnPublicBoard } from '../access/access.repo.ts';
import { requireMayPublish } from '../access/restrictions.policy.ts';
import { findBoardById, pinIdsInSection } from '../boards/boards.repo.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import type { Board } from '../db/schema/boards-and-pins.ts';
import { lockBoard, transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError, notFound } from '../errors.ts';
import { requireSectionOf } from '../pins/pins.service.ts';
import { WHOLE_BOARD, placeOfSaves } from '../../shared/blocking-actions.ts';
import type { BlockingActionJson, BoardField, OrganizeInput } from '../../shared/contracts/blocking-actions.ts';
import { actionsOfBoard, findAction, insertAction, savesOfPins } from './board-actions.repo.ts';
import { enqueueBoardAction } from './organize.job.ts';
import { presentActions, presentRemovals } from './organize.present.ts';

/** What an organize action will do, once checked: where it holds the board and which pins it takes. */
type Plan = { place: string | null; pinIds: string[]; target: { boardId: string; sectionId: string | null } | null };

/**
 * BoardOrganizeResource create: the owner (or a collaborator allowed to remove pins) starts a
 * blocking action on a board; it holds its place from this commit until its job finishes.
 */
export async function startOrganize(deps: Deps, actor: Actor, input: OrganizeInput): Promise<BlockingActionJson> {
  const writer = writerOf(actor, 'boards:write');
  const id = await transact(deps.db, async (trx) => {
    await lockBoard(trx, input.board_id);
    const { board } = await requireBoardAccess(trx, writer, input.board_id, 'delete');
    const plan = await planOf(trx, writer, board, input);
    await requireUnblocked(trx, board.id, plan.place);
    const actionId = newId();
    await insertAction(trx, {
      id: actionId,
      board_id: board.id,
      section_id: plan.place,
      kind: input.kind,
      state: 'running',
      actor_id: writer.userId,
      target_board_id: plan.target?.boardId ?? null,
      target_section_id: plan.target?.sectionId ?? null,
      pin_ids: JSON.stringify(plan.pinIds),
      pin_count: plan.pinIds.length,
      created_at: Date.now(),
    });
    await deps.events.record(trx, writer.userId, { type: 'board.action_started', boardId: board.id, actionId });
    return actionId;
  });
  await enqueueBoardAction(deps, id);
  const row = await findAction(deps.db, id);
  if (!row) throw new AppError('internal');
  return (await presentActions(deps.db, [row]))[0] as BlockingActionJson;
}

async function planOf(db: Db, writer: Writer, board: Board, input: OrganizeInput): Promise<Plan> {
  if (input.kind === 'delete_section') {
    const sectionId = await requireSectionOf(db, board.id, input.section_id);
    if (sectionId === null) throw notFound('section');
    return { place: sectionId, pinIds: await pinIdsInSection(db, sectionId), target: null };
  }
  const saves = await savesOfPins(db, board.id, input.pin_ids);
  if (saves.length !== input.pin_ids.length) throw new AppError('bad_request', 'pin_ids: A selected Pin is not on this board.');
  const place = placeOfSaves(saves.map((s) => s.section_id));
  if (input.kind === 'delete_pins') return { place, pinIds: input.pin_ids, target: null };
  await requireMayPublish(db, writer);
  const { board: target } = await requireBoardAccess(db, writer, input.target_board_id, 'write');
  requireNotArchived(target);
  const sectionId = await requireSectionOf(db, target.id, input.target_section_id);
  if (target.id === board.id) {
    if (saves.every((s) => s.section_id === sectionId)) throw new AppError('bad_request', 'target_section_id: These Pins are already there.');
    // A move inside the board holds the sections it leaves and the one it fills: the whole board.
    return { place: WHOLE_BOARD, pinIds: input.pin_ids, target: { boardId: target.id, sectionId } };
  }
  if (target.privacy === 'public' && board.privacy === 'secret') await requirePublishableAll(db, writer, saves);
  return { place, pinIds: input.pin_ids, target: { boardId: target.id, sectionId } };
}

/** Moving secret pins to a public board publishes them: only their creator may, unless a public board holds them already. */
async function requirePublishableAll(db: Db, writer: Writer, saves: { pin_id: string; creator_id: string }[]): Promise<void> {
  for (const save of saves) {
    if (save.creator_id === writer.userId) continue;
    if (!(await isOnPublicBoard(db, save.pin_id)))
      throw new AppError('forbidden', 'A selected Pin is on a secret board. Only its creator can save it to a public board.');
  }
}

/**
 * GET /v3/boards/{id}/: the board's id and, for its owner, its collaborators and the operators,
 * its blocking actions (the owner's organize actions and moderators' removals, newest first).
 * A board the caller may not see does not exist for them (operators see every board).
 */
export async function readBoardActions(deps: Deps, actor: Actor, boardId: string, fields: readonly BoardField[]) {
  const operator = await operatorOf(deps, actor);
  const board = operator ? await findBoardById(deps.db, boardId) : await findVisibleBoard(deps.db, readerOf(actor), boardId);
  if (!board) throw notFound('board');
  const answer: { id?: string; blocking_actions?: BlockingActionJson[] } = {};
  if (fields.includes('board.id')) answer.id = board.id;
  if (!fields.includes('board.blocking_actions')) return answer;
  const userId = actor.kind === 'visitor' ? null : actor.userId;
  if (!operator && (await roleOnBoard(deps.db, board, userId)) === 'none') {
    throw new AppError(userId === null ? 'unauthorized' : 'forbidden', 'Only the board’s owner, its collaborators and operators see its blocking actions.');
  }
  const rows = await actionsOfBoard(deps.db, board.id);
  // A running action whose job a crash lost is queued again; the queue keeps one pending per action.
  for (const row of rows) if (row.state === 'running') await enqueueBoardAction(deps, row.id);
  const actions = [...(await presentActions(deps.db, rows)), ...(await presentRemovals(deps.db, board.id))];
  answer.blocking_actions = actions.sort((a, b) => b.created_timestamp - a.created_timestamp);
  return answer;
}
