import type { Actor } from '../access/actor.ts';
import { writerOf } from '../access/authorized.ts';
import { findVisibleComment, requirePinOwner } from '../access/comment.policy.ts';
import { findVisiblePin } from '../access/pin.policy.ts';
import { lockPin, transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { highlightTargetMissing } from '../../shared/comments.ts';
import type { AggregatedCommentJson } from '../../shared/contracts/comments.ts';
import { hideComments, recountPinComments } from '../access/comment-hiding.repo.ts';
import { findComment, pinCommentCount, setHighlight } from './comments.repo.ts';
import { presentOne, targetOf, uncount } from './comments.service.ts';

/**
 * The pin's owner hides one comment on their pin (with its replies), or every comment one person
 * wrote on it. Hidden comments leave every list and the counts in the same transaction.
 */
export async function hidePinComments(
  deps: Deps,
  actor: Actor,
  input: { pin_id: string; comment_id?: string | undefined; user_id?: string | undefined },
): Promise<{ hidden: string[]; comment_count: number }> {
  const writer = writerOf(actor, 'pins:write');
  const pin = await findVisiblePin(deps.db, writer, input.pin_id);
  // A comment the writer may not see is not found before anything else is said about it.
  if (input.comment_id !== undefined) {
    const { comment } = await findVisibleComment(deps.db, writer, await findComment(deps.db, input.comment_id));
    if (comment.pin_id !== pin.id) throw new AppError('not_found');
  }
  requirePinOwner(writer, pin);
  const hidden = await transact(deps.db, async (trx) => {
    await lockPin(trx, pin.id);
    let ids: string[];
    if (input.comment_id !== undefined) {
      const current = await findComment(trx, input.comment_id);
      if (!current) throw new AppError('not_found');
      ids = (await hideComments(trx, { id: current.id }, 'owner')).hidden;
      await uncount(trx, current);
    } else {
      // Every one of theirs, removed ones too: an operator's later restore keeps them hidden.
      const changed = await hideComments(trx, { pinId: pin.id, userId: input.user_id ?? '' }, 'owner');
      ids = changed.hidden;
      if (changed.marked.length > 0) await recountPinComments(trx, pin.id);
    }
    if (ids.length > 0) await deps.events.record(trx, writer.userId, { type: 'comment.hidden', commentIds: ids, pinId: pin.id });
    return ids;
  });
  return { hidden, comment_count: await pinCommentCount(deps.db, pin.id) };
}

/**
 * The pin's owner highlights a comment on their pin, or takes the highlight away (viewer spec
 * section 5: both the comment's and the pin's ids are needed). One comment per pin is highlighted.
 */
export async function highlightComment(
  deps: Deps,
  actor: Actor,
  input: { aggregated_comment?: string | undefined; pin?: string | undefined; highlight: boolean },
): Promise<AggregatedCommentJson> {
  const missing = highlightTargetMissing(input);
  if (missing !== null) throw new AppError('bad_request', missing);
  const writer = writerOf(actor, 'pins:write');
  const { comment, pin } = await findVisibleComment(deps.db, writer, await findComment(deps.db, input.aggregated_comment ?? ''));
  if (pin.id !== input.pin) throw new AppError('not_found');
  requirePinOwner(writer, pin);
  await transact(deps.db, async (trx) => {
    await setHighlight(trx, targetOf(comment), comment.id, input.highlight);
    await deps.events.record(trx, writer.userId, { type: 'comment.highlighted', commentId: comment.id, pinId: pin.id, highlighted: input.highlight });
  });
  return presentOne(deps, writer, pin, comment.id);
}
