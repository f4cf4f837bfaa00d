import { anyComment, hideComments, recountPinComments } from '../access/comment-hiding.repo.ts';
import type { Db } from '../db/database.ts';
import { lockPin } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { FLAG_HIDE_THRESHOLD, UPHELD_ACTIONS, flagWeight, flagsHide } from '../../shared/moderation.ts';
import { FLAG_HIDE_ACTION, accuracyOf, caseOfTarget, flaggersSince } from './moderation.repo.ts';
import { logAction } from './queue.service.ts';
import { openCase } from './reports.service.ts';

/**
 * Weighted flags (docs/decisions/0044-moderation.md, "Comments"): each flagger weighs by their past
 * accuracy (`flagWeight`); once the flags since the comment's case last closed weigh
 * `FLAG_HIDE_THRESHOLD` or more, the comment is hidden until an operator reviews it and its case is
 * opened (or joined) in the queue, all in the flag's transaction. Whether it hid the comment.
 */
export async function weighCommentFlags(deps: Deps, db: Db, flaggerId: string, commentId: string): Promise<boolean> {
  const comment = await anyComment(db, commentId);
  if (!comment || comment.removed === 1) return false;
  const existing = await caseOfTarget(db, 'comment', comment.id);
  // A dismissal weighed the earlier flags: only flags made after the case last closed count.
  const since = existing && existing.status === 'closed' ? existing.updated_at + 1 : 0;
  const flaggers = await flaggersSince(db, comment.id, since);
  const accuracy = await accuracyOf(db, flaggers, UPHELD_ACTIONS);
  const weights = flaggers.map((id) => flagWeight(accuracy.get(id) ?? { decided: 0, upheld: 0 }));
  if (!flagsHide(weights)) return false;
  await lockPin(db, comment.pin_id);
  const changed = await hideComments(db, { id: comment.id }, 'moderation');
  if (changed.marked.length === 0) return false;
  await recountPinComments(db, comment.pin_id);
  if (changed.hidden.length > 0) await deps.events.record(db, flaggerId, { type: 'comment.hidden', commentIds: changed.hidden, pinId: comment.pin_id });
  const now = Date.now();
  const caseId = await openCase(db, { type: 'comment', id: comment.id, parentId: comment.pin_id }, comment.user_id, now);
  const total = weights.reduce((sum, w) => sum + w, 0);
  await logAction(
    db,
    { userId: flaggerId },
    caseId,
    FLAG_HIDE_ACTION,
    `${flaggers.length} flags weighing ${total.toFixed(2)} (threshold ${FLAG_HIDE_THRESHOLD})`,
    now,
  );
  return true;
}
