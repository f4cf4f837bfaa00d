import type { Actor } from '../access/actor.ts';
import { readerOf, requireSession } from '../access/authorized.ts';
import { anyComment } from '../access/comment-hiding.repo.ts';
import { findVisibleComment } from '../access/comment.policy.ts';
import { requireParticipant } from '../access/conversation.policy.ts';
import { findVisibleDidIt } from '../access/did-it.policy.ts';
import { findVisiblePin } from '../access/pin.policy.ts';
import { enforceRateLimit } from '../common/rate-limits.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { ReportReason } from '../../shared/moderation.ts';
import type { ReportTarget } from '../../shared/contracts/moderation.ts';
import { caseOfTarget, insertCase, insertReport, memberExists, openReportBy, updateCase } from './moderation.repo.ts';

/**
 * Reporting (viewer spec sections 3 and 4, the report dialog; docs/decisions/0044-moderation.md).
 * Reports are grouped by their target into one case, which waits in the operators' queue.
 */

type Filed = { id: string; case_id: string };

/**
 * The target as the reporter may see it, and whom it is about. Pins and members are checked here
 * (a pin the reporter may not see does not exist for them: 404), and so are comments (their author
 * is the subject, their pin the parent), and so are tried-its (the same) and conversations (their
 * members only; a direct one's other member is the subject).
 */
async function resolveTarget(db: Db, actor: Actor, reporterId: string, target: ReportTarget): Promise<{ subjectId: string | null; parentId?: string }> {
  if (target.type === 'pin') {
    const pin = await findVisiblePin(db, readerOf(actor), target.id);
    if (pin.creator_id === reporterId) throw new AppError('bad_request', 'You can’t report your own Pin.');
    return { subjectId: pin.creator_id };
  }
  if (target.type === 'comment') {
    // A comment the reporter may not see (hidden, on a pin they may not see, across a block) is 404.
    const { comment } = await findVisibleComment(db, readerOf(actor), await anyComment(db, target.id));
    if (comment.user_id === reporterId) throw new AppError('bad_request', 'You can’t report your own comment.');
    return { subjectId: comment.user_id, parentId: comment.pin_id };
  }
  if (target.type === 'tried_it') {
    // A tried-it the reporter may not see (its pin, a block, removed) is 404.
    const didIt = await findVisibleDidIt(db, readerOf(actor), target.id);
    if (didIt.user_id === reporterId) throw new AppError('bad_request', 'You can’t report your own tried-it.');
    return { subjectId: didIt.user_id, parentId: didIt.pin_id };
  }
  if (target.type === 'member') {
    if (target.id === reporterId) throw new AppError('bad_request', 'You can’t report yourself.');
    if (!(await memberExists(db, target.id))) throw new AppError('not_found');
    return { subjectId: target.id };
  }
  // Only someone in the conversation reports it (anyone else is told it does not exist): a direct
  // one is about the other person, a group about nobody in particular.
  const participant = await requireParticipant(db, actor, target.id);
  return { subjectId: participant.isGroup ? null : (participant.others[0] ?? null) };
}

/** ReportResource create: one report per reporter while the case is open; a closed case opens again. */
export async function fileReport(deps: Deps, actor: Actor, input: { target: ReportTarget; reason: ReportReason; detail?: string | undefined }): Promise<Filed> {
  const member = requireSession(actor);
  const resolved = await resolveTarget(deps.db, actor, member.userId, input.target);
  const subjectId = resolved.subjectId;
  const target = resolved.parentId === undefined ? input.target : { ...input.target, parentId: resolved.parentId };
  await enforceRateLimit(deps, 'report', member.userId);
  return transact(deps.db, async (trx) => {
    const now = Date.now();
    const caseId = await openCase(trx, target, subjectId, now);
    const opened = (await caseOfTarget(trx, target.type, target.id))?.opened_at ?? now;
    const earlier = await openReportBy(trx, caseId, member.userId, opened);
    if (earlier) return { id: earlier.id, case_id: caseId };
    const report = {
      id: newId(),
      case_id: caseId,
      reporter_id: member.userId,
      reason: input.reason,
      detail: (input.detail ?? '').trim(),
      is_promoted: input.target.isPromoted === true ? (1 as const) : (0 as const),
      is_product: input.target.isProduct === true ? (1 as const) : (0 as const),
      created_at: now,
    };
    await insertReport(trx, report);
    await deps.events.record(trx, member.userId, { type: 'report.filed', reportId: report.id, caseId });
    return { id: report.id, case_id: caseId };
  });
}

/** The target's case, made or opened again: a closed case comes back to the queue with the new report. */
export async function openCase(db: Db, target: Pick<ReportTarget, 'type' | 'id' | 'parentId'>, subjectId: string | null, now: number): Promise<string> {
  const existing = await caseOfTarget(db, target.type, target.id);
  if (!existing) {
    const id = newId();
    await insertCase(db, {
      id,
      target_type: target.type,
      target_id: target.id,
      parent_id: target.parentId ?? null,
      subject_id: subjectId,
      status: 'open',
      assignee_id: null,
      report_count: 0,
      appeal_text: null,
      opened_at: now,
      updated_at: now,
    });
    return id;
  }
  if (existing.status === 'closed')
    await updateCase(db, existing.id, { status: 'open', opened_at: now, updated_at: now, assignee_id: null, appeal_text: null });
  else await updateCase(db, existing.id, { updated_at: now });
  return existing.id;
}
