import type { Actor } from '../access/actor.ts';
import { commentTexts } from '../access/comment-hiding.repo.ts';
import { requireOperator, type Operator } from '../access/operators.ts';
import type { Db } from '../db/database.ts';
import type { ModerationCase } from '../db/schema/moderation.ts';
import { newId } from '../db/ids.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { ModerationCaseJson } from '../../shared/contracts/moderation.ts';
import {
  actionLog,
  caseById,
  didItNotes,
  insertAction,
  lockCase,
  pinTitles,
  reportsOfCases,
  updateCase,
  usernamesOf,
  waitingCases,
} from './moderation.repo.ts';
import { peopleOf, presentCase } from './moderation.present.ts';

/** The operators' queue: cases grouped by target, their assignment and the log (docs/decisions/0044-moderation.md). */

export const QUEUE_PAGE = 100;
export const LOG_PAGE = 200;

/** A page of cases as the queue shows them, in a fixed number of queries. */
export async function presentCases(db: Db, rows: ModerationCase[]): Promise<ModerationCaseJson[]> {
  const reports = await reportsOfCases(
    db,
    rows.map((r) => r.id),
  );
  const [usernames, titles, texts, notes] = await Promise.all([
    usernamesOf(db, peopleOf(rows, reports)),
    pinTitles(
      db,
      rows.filter((r) => r.target_type === 'pin').map((r) => r.target_id),
    ),
    commentTexts(
      db,
      rows.filter((r) => r.target_type === 'comment').map((r) => r.target_id),
    ),
    didItNotes(
      db,
      rows.filter((r) => r.target_type === 'tried_it').map((r) => r.target_id),
    ),
  ]);
  return rows.map((row) => presentCase(row, { usernames, pinTitles: titles, commentTexts: texts, didItNotes: notes, reports }));
}

/** ModerationQueueResource get: waiting (open and appealed) or closed cases, most recently changed first. */
export async function readQueue(deps: Deps, actor: Actor, status: 'waiting' | 'closed'): Promise<ModerationCaseJson[]> {
  await requireOperator(deps, actor);
  return presentCases(deps.db, await waitingCases(deps.db, status === 'closed', QUEUE_PAGE));
}

/** A case an operator works on, read for the change; a case that does not exist is 404. */
export async function requireCase(db: Db, caseId: string): Promise<ModerationCase> {
  const row = await lockCase(db, caseId);
  if (!row) throw new AppError('not_found');
  return row;
}

/** ModerationAssignResource: the operator takes the case (or gives it back); logged and recorded. */
export async function assignCase(deps: Deps, actor: Actor, caseId: string, take: boolean): Promise<ModerationCaseJson> {
  const operator = await requireOperator(deps, actor);
  const row = await transact(deps.db, async (trx) => {
    const found = await requireCase(trx, caseId);
    const assignee = take ? operator.userId : null;
    if (found.assignee_id === assignee) return found;
    const now = Date.now();
    await updateCase(trx, found.id, { assignee_id: assignee, updated_at: now });
    await logAction(trx, operator, found.id, take ? 'assign' : 'unassign', '', now);
    await deps.events.record(trx, operator.userId, { type: 'moderation.assigned', caseId: found.id, operatorId: assignee });
    return { ...found, assignee_id: assignee, updated_at: now };
  });
  return (await presentCases(deps.db, [row]))[0] as ModerationCaseJson;
}

export async function logAction(db: Db, by: Operator | { userId: string }, caseId: string, action: string, reason: string, now: number): Promise<void> {
  await insertAction(db, { id: newId(), case_id: caseId, actor_id: by.userId, action, reason, created_at: now });
}

/** ModerationLogResource get: every action, newest first (or one case's). */
export async function readLog(deps: Deps, actor: Actor, caseId: string | undefined) {
  await requireOperator(deps, actor);
  if (caseId !== undefined && !(await caseById(deps.db, caseId))) throw new AppError('not_found');
  const rows = await actionLog(deps.db, caseId, LOG_PAGE);
  const usernames = await usernamesOf(
    deps.db,
    rows.map((r) => r.actor_id),
  );
  return rows.map((r) => ({
    id: r.id,
    case_id: r.case_id,
    actor: { id: r.actor_id, username: usernames.get(r.actor_id) ?? '' },
    action: r.action,
    reason: r.reason,
    target: { type: r.target_type as ModerationCaseJson['target']['type'], id: r.target_id },
    created_at: new Date(r.created_at).toISOString(),
  }));
}
