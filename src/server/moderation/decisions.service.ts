import type { Actor } from '../access/actor.ts';
import { requireSession } from '../access/authorized.ts';
import { requireOperator } from '../access/operators.ts';
import type { Db } from '../db/database.ts';
import type { ModerationCase } from '../db/schema/moderation.ts';
import { newId } from '../db/ids.ts';
import { lockPin, transact } from '../db/transaction.ts';
import { anyComment, hideComments, recountPinComments, showComment } from '../access/comment-hiding.repo.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../mail/mail.job.ts';
import {
  MODERATION_ACTIONS,
  MODERATION_DECISIONS_PATH,
  actionsFor,
  affectsSubject,
  isActionable,
  mayAppeal,
  type CaseStatus,
  type ModerationActionName,
  type ReportTargetType,
} from '../../shared/moderation.ts';
import type { ModerationCaseJson, ModerationNoticeJson } from '../../shared/contracts/moderation.ts';
import {
  clearRestriction,
  emailsOf,
  insertNotices,
  FLAG_HIDE_ACTION,
  lastDecision,
  lockCase,
  noticesOf,
  recountPinDidIts,
  reportersOf,
  setDidItRemoved,
  setPinModerated,
  setRestriction,
  updateCase,
} from './moderation.repo.ts';
import { logAction, presentCases, requireCase } from './queue.service.ts';

/**
 * Decisions on a case (docs/decisions/0044-moderation.md): an operator acts with a stated reason,
 * the effect and its log entry and notices commit together, reporters and the subject are told
 * (a stored notice they read, and a mail), and the subject may appeal once.
 */

const NOTICES_PAGE = 50;

type Told = { userId: string; role: 'reporter' | 'subject' };

/** The effect of an action on what it is about, with its events, in the decision's transaction. */
async function applyEffect(deps: Deps, db: Db, operatorId: string, row: ModerationCase, action: ModerationActionName, now: number): Promise<void> {
  const subject = row.subject_id;
  if (action === 'hide_pin' || (action === 'restore' && row.target_type === 'pin')) {
    const hidden = action === 'hide_pin';
    if (await setPinModerated(db, row.target_id, row.id, hidden, now))
      await deps.events.record(db, operatorId, { type: 'pin.moderated', pinId: row.target_id, hidden });
  }
  if (row.target_type === 'comment') await commentEffect(deps, db, operatorId, row, action);
  if (row.target_type === 'tried_it' && (action === 'remove_tried_it' || action === 'restore'))
    await didItEffect(deps, db, operatorId, row, action === 'remove_tried_it');
  if (subject === null) return;
  if (action === 'write_ban' || action === 'suspend') {
    const suspended = action === 'suspend';
    await setRestriction(db, subject, { write_banned: 1, suspended: suspended ? 1 : 0 }, row.id, now);
    await deps.events.record(db, operatorId, { type: 'member.restricted', userId: subject, writeBanned: true, suspended });
  }
  if (action === 'restore' && (await clearRestriction(db, subject))) {
    await deps.events.record(db, operatorId, { type: 'member.restricted', userId: subject, writeBanned: false, suspended: false });
  }
}

/**
 * A comment case: `remove_comment` removes the comment (it leaves every list and the counts are
 * recounted from the rows); `restore`, and a dismissal of a case whose flags hid the comment (with
 * no decision since), clear the removal, which shows it again unless its pin's owner hid it.
 */
async function commentEffect(deps: Deps, db: Db, operatorId: string, row: ModerationCase, action: ModerationActionName): Promise<void> {
  // A dismissal shows the comment only when flags hid it and no decision came since (dismissing an
  // appeal of a removal keeps it removed).
  const show =
    action === 'restore' || (action === 'dismiss' && (await lastDecision(db, row.id, [FLAG_HIDE_ACTION, ...MODERATION_ACTIONS]))?.action === FLAG_HIDE_ACTION);
  if (action !== 'remove_comment' && !show) return;
  const comment = await anyComment(db, row.target_id);
  if (!comment) return;
  await lockPin(db, comment.pin_id);
  // Only moderation's own state moves: a comment its pin's owner hid stays hidden after a restore.
  const changed = show ? await showComment(db, comment.id, 'moderation') : (await hideComments(db, { id: comment.id }, 'moderation')).hidden.length > 0;
  await recountPinComments(db, comment.pin_id);
  if (!changed) return;
  await deps.events.record(db, operatorId, { type: show ? 'comment.shown' : 'comment.hidden', commentIds: [comment.id], pinId: comment.pin_id });
}

/**
 * A tried-it case: `remove_tried_it` removes it for all but its author (its pin's counts and every
 * list leave it out), `restore` brings it back; the pin's counts are recounted from the rows.
 */
async function didItEffect(deps: Deps, db: Db, operatorId: string, row: ModerationCase, removed: boolean): Promise<void> {
  if (row.parent_id !== null) await lockPin(db, row.parent_id);
  const changed = await setDidItRemoved(db, row.target_id, removed);
  if (!changed) return;
  await recountPinDidIts(db, changed.pin_id);
  await deps.events.record(db, operatorId, { type: 'did_it.moderated', didItId: changed.id, pinId: changed.pin_id, removed });
}

/** Who is told: every reporter of this opening (not of a restore, which answers the subject's appeal), and the subject when it concerns them. */
async function toldOf(db: Db, row: ModerationCase, action: ModerationActionName): Promise<Told[]> {
  const told: Told[] = action === 'restore' ? [] : (await reportersOf(db, row.id, row.opened_at)).map((userId) => ({ userId, role: 'reporter' as const }));
  if (row.subject_id !== null && (affectsSubject(action) || action === 'restore')) told.push({ userId: row.subject_id, role: 'subject' });
  return told;
}

/** ModerationActionResource create: act on a waiting case with a reason; the case closes. */
export async function actOnCase(
  deps: Deps,
  actor: Actor,
  input: { case_id: string; action: ModerationActionName; reason: string },
): Promise<ModerationCaseJson> {
  const operator = await requireOperator(deps, actor);
  const { row, told } = await transact(deps.db, async (trx) => {
    const found = await requireCase(trx, input.case_id);
    if (!isActionable(found.status as CaseStatus)) throw new AppError('conflict', 'This case was already decided.');
    if (!actionsFor(found.target_type as ReportTargetType, found.subject_id !== null).includes(input.action)) {
      throw new AppError('bad_request', 'action: That action does not apply to this case.');
    }
    const now = Date.now();
    await applyEffect(deps, trx, operator.userId, found, input.action, now);
    await updateCase(trx, found.id, { status: 'closed', updated_at: now });
    await logAction(trx, operator, found.id, input.action, input.reason, now);
    const people = await toldOf(trx, found, input.action);
    await insertNotices(
      trx,
      people.map((p) => ({ id: newId(), user_id: p.userId, case_id: found.id, role: p.role, action: input.action, reason: input.reason, created_at: now })),
    );
    await deps.events.record(trx, operator.userId, { type: 'moderation.decided', caseId: found.id, action: input.action });
    return { row: { ...found, status: 'closed', updated_at: now }, told: people };
  });
  await mailDecision(deps, row, input.action, input.reason, told);
  return (await presentCases(deps.db, [row]))[0] as ModerationCaseJson;
}

const ACTION_WORDS: Record<ModerationActionName, string> = {
  dismiss: 'We reviewed the report and found nothing against our community guidelines.',
  hide_pin: 'The Pin was hidden: only its creator can see it now.',
  remove_comment: 'The comment was removed: nobody else can see it now.',
  remove_tried_it: 'The tried-it was removed: nobody else can see it now.',
  warn: 'A warning was given.',
  write_ban: 'The account can no longer create or save Pins or comment.',
  suspend: 'The account was suspended.',
  restore: 'The earlier decision was reversed.',
};

/** A mail to each person told; the stored notice is the record, the mail only points to it. */
async function mailDecision(deps: Deps, row: ModerationCase, action: ModerationActionName, reason: string, told: Told[]): Promise<void> {
  const people = await emailsOf(
    deps.db,
    told.map((t) => t.userId),
  );
  const origin = deps.config.publicUrl.origin;
  for (const person of people) {
    const role = told.find((t) => t.userId === person.id)?.role ?? 'reporter';
    const subject = role === 'reporter' ? 'A decision on your report' : 'A moderation decision about your account';
    const text = [
      `Hi ${person.username},`,
      '',
      ACTION_WORDS[action],
      `Reason: ${reason}`,
      '',
      `See your decisions (and appeal one) at ${origin}${MODERATION_DECISIONS_PATH}`,
    ].join('\n');
    await enqueueMail(deps, { to: person.email, subject, text }, `moderation:${row.id}:${action}:${person.id}:${row.updated_at}`);
  }
}

/** ModerationNoticesResource get: the viewer's decisions, newest first; the newest about them may be appealed. */
export async function readNotices(deps: Deps, actor: Actor): Promise<ModerationNoticeJson[]> {
  const member = requireSession(actor);
  const rows = await noticesOf(deps.db, member.userId, NOTICES_PAGE);
  const seen = new Set<string>();
  return rows.map((n) => {
    const newest = !seen.has(n.case_id);
    seen.add(n.case_id);
    const action = n.action as ModerationActionName;
    return {
      id: n.id,
      case_id: n.case_id,
      role: n.role as 'reporter' | 'subject',
      action,
      reason: n.reason,
      target: { type: n.target_type as ReportTargetType, id: n.target_id },
      can_appeal: newest && n.role === 'subject' && mayAppeal({ status: n.status as CaseStatus, lastAction: action, appealed: n.appeal_text !== null }),
      created_at: new Date(n.created_at).toISOString(),
    };
  });
}

/** ModerationAppealResource create: the subject asks again once; the case goes back to the queue. Anyone else: 404. */
export async function appealCase(deps: Deps, actor: Actor, input: { case_id: string; text: string }): Promise<{ case_id: string; status: CaseStatus }> {
  const member = requireSession(actor);
  return transact(deps.db, async (trx) => {
    const row = await lockCase(trx, input.case_id);
    if (!row || row.subject_id !== member.userId) throw new AppError('not_found');
    const last = await lastDecision(trx, row.id, MODERATION_ACTIONS);
    const lastAction = (last?.action ?? null) as ModerationActionName | null;
    if (!mayAppeal({ status: row.status as CaseStatus, lastAction, appealed: row.appeal_text !== null }))
      throw new AppError('conflict', 'This decision can’t be appealed.');
    const now = Date.now();
    await updateCase(trx, row.id, { status: 'appealed', appeal_text: input.text, updated_at: now });
    await logAction(trx, member, row.id, 'appeal', input.text, now);
    await deps.events.record(trx, member.userId, { type: 'moderation.appealed', caseId: row.id });
    return { case_id: row.id, status: 'appealed' };
  });
}
