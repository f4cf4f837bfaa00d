import type { Actor } from '../access/actor.ts';
import { readerOf, writerOf, type Reader, type Writer } from '../access/authorized.ts';
import { requireMayPublish } from '../access/restrictions.policy.ts';
import { findVisibleComment, requireCommentRight } from '../access/comment.policy.ts';
import { findVisibleDidIt } from '../access/did-it.policy.ts';
import { findVisiblePin } from '../access/pin.policy.ts';
import { decodeBookmark, pageOf } from '../common/bookmark.ts';
import { enforceRateLimit } from '../common/rate-limits.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { lockPin, transact } from '../db/transaction.ts';
import type { Pin } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { mayInteract } from '../users/interaction-settings.service.ts';
import { COMMENT_PAGE_SIZE, type CommentSort } from '../../shared/comments.ts';
import type { AggregatedCommentJson } from '../../shared/contracts/comments.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import { presentComments } from './comments.present.ts';
import {
  adjustCommentCounts,
  adjustTargetCommentCount,
  clearTranslations,
  deleteCommentRow,
  findComment,
  insertComment,
  listComments,
  mentionsOf,
  replaceMentions,
  updateCommentText,
  type CommentRow,
  type CommentTarget,
} from './comments.repo.ts';
import { checkComment } from './mentions.ts';

export type CommentListInput = {
  pin_id: string;
  did_it_id?: string | undefined;
  parent_id?: string | undefined;
  sort: CommentSort;
  page_size?: number | undefined;
  bookmark?: string | undefined;
};

/**
 * Where the comments asked for are, as the reader may see it: the pin (404 when they may not see
 * it), or a tried-it of that pin (404 when they may not see it or it is another pin's).
 */
async function findTarget(db: Db, reader: Reader, pinId: string, didItId: string | undefined): Promise<{ pin: Pin; target: CommentTarget }> {
  const pin = await findVisiblePin(db, reader, pinId);
  if (didItId === undefined) return { pin, target: { pinId: pin.id, didItId: null } };
  const didIt = await findVisibleDidIt(db, reader, didItId);
  if (didIt.pin_id !== pin.id) throw new AppError('not_found');
  return { pin, target: { pinId: pin.id, didItId: didIt.id } };
}

/** Whether a comment is on this target (a reply goes under a comment on the same pin or tried-it). */
function isOn(comment: CommentRow, target: CommentTarget): boolean {
  return comment.pin_id === target.pinId && comment.did_it_id === target.didItId;
}

/** The target a comment is on. */
export function targetOf(comment: Pick<CommentRow, 'pin_id' | 'did_it_id'>): CommentTarget {
  return { pinId: comment.pin_id, didItId: comment.did_it_id };
}

/**
 * A page of a pin's (or a tried-it's) comments (newest or most helpful first) or of one comment's
 * replies (oldest first), as the reader may see them: a pin or tried-it they may not see has none (404).
 */
export async function listPinComments(deps: Deps, actor: Actor, input: CommentListInput): Promise<{ comments: AggregatedCommentJson[]; bookmark: string }> {
  const reader = readerOf(actor);
  const { pin, target } = await findTarget(deps.db, reader, input.pin_id, input.did_it_id);
  let parentId: string | null = null;
  if (input.parent_id !== undefined) {
    const { comment } = await findVisibleComment(deps.db, reader, await findComment(deps.db, input.parent_id));
    if (!isOn(comment, target) || comment.parent_id !== null) throw new AppError('not_found');
    parentId = comment.id;
  }
  const cursor = decodeBookmark(input.bookmark, 'number');
  if (cursor === 'end') return { comments: [], bookmark: FEED_END };
  const size = input.page_size ?? COMMENT_PAGE_SIZE;
  const rows = await listComments(deps.db, reader, { ...target, parentId, sort: input.sort, cursor, limit: size + 1 });
  const page = pageOf(rows, size, (row) => ({ key: parentId === null && input.sort === 'helpful' ? row.helpful_count : row.created_at, id: row.id }));
  return { comments: await presentComments(deps, reader, pin, page.items), bookmark: page.bookmark };
}

/** One comment as the reader sees it now (the answer of every change to it). */
export async function presentOne(deps: Deps, reader: Reader, pin: Pick<Pin, 'creator_id'>, commentId: string): Promise<AggregatedCommentJson> {
  const row = await findComment(deps.db, commentId);
  if (!row) throw new AppError('not_found');
  const [json] = await presentComments(deps, reader, pin, [row]);
  if (!json) throw new AppError('not_found');
  return json;
}

/** Writing text: refused to a write-banned member (403), and counted against the comment limit (429 beyond it). */
async function countWrite(deps: Deps, writer: Writer): Promise<void> {
  await requireMayPublish(deps.db, writer);
  await enforceRateLimit(deps, 'commentWrite', writer.userId);
}

/**
 * A comment on a pin or on one of its tried-its, or a reply (a reply to a reply goes under the
 * same top comment): only on a pin (and tried-it) the writer may see, with comments on, and whose
 * owner lets them comment. The pin's (or tried-it's) count and the top comment's reply count rise
 * in the same transaction.
 */
export async function createComment(
  deps: Deps,
  actor: Actor,
  input: { pin_id: string; did_it_id?: string | undefined; text: string; parent_id?: string | undefined; tags?: string | undefined },
): Promise<AggregatedCommentJson> {
  const writer = writerOf(actor, 'pins:write');
  const checked = await checkComment(deps, writer, input);
  const { pin } = await findTarget(deps.db, writer, input.pin_id, input.did_it_id);
  if (pin.comments_disabled === 1) throw new AppError('forbidden', 'Comments are turned off for this Pin.');
  if (!(await mayInteract(deps, writer.userId, pin.creator_id, 'comment'))) throw new AppError('forbidden', 'You can’t comment on this Pin.');
  await countWrite(deps, writer);
  const id = await transact(deps.db, async (trx) => {
    await lockPin(trx, pin.id);
    // Read again under the lock: the pin's setting, and a tried-it deleted meanwhile, are current.
    const { pin: current, target } = await findTarget(trx, writer, pin.id, input.did_it_id);
    if (current.comments_disabled === 1) throw new AppError('forbidden', 'Comments are turned off for this Pin.');
    let parentId: string | null = null;
    if (input.parent_id !== undefined) {
      const { comment } = await findVisibleComment(trx, writer, await findComment(trx, input.parent_id));
      if (!isOn(comment, target)) throw new AppError('not_found');
      parentId = comment.parent_id ?? comment.id;
    }
    const commentId = newId();
    await insertComment(trx, {
      id: commentId,
      pin_id: pin.id,
      did_it_id: target.didItId,
      parent_id: parentId,
      user_id: writer.userId,
      text: checked.text,
      tags: JSON.stringify(checked.tags),
      created_at: Date.now(),
    });
    await replaceMentions(trx, commentId, checked.mentionedIds);
    await adjustTargetCommentCount(trx, target, 1);
    if (parentId !== null) await adjustCommentCounts(trx, parentId, { reply_count: 1 });
    await deps.events.record(trx, writer.userId, {
      type: 'comment.created',
      commentId,
      pinId: pin.id,
      didItId: target.didItId,
      parentId,
      mentionedUserIds: checked.mentionedIds,
    });
    return commentId;
  });
  return presentOne(deps, writer, pin, id);
}

/**
 * The author edits their comment's text and tags. An edit that drops a member mentioned before
 * needs `force` (409 otherwise), so a slip does not silently untag someone. Cached translations go.
 */
export async function editComment(
  deps: Deps,
  actor: Actor,
  input: { commentId: string; text: string; tags?: string | undefined; force: boolean },
): Promise<AggregatedCommentJson> {
  const writer = writerOf(actor, 'pins:write');
  const { comment, pin } = await requireCommentRight(deps.db, writer, await findComment(deps.db, input.commentId), 'edit');
  const checked = await checkComment(deps, writer, input);
  const before = (await mentionsOf(deps.db, [comment.id])).map((m) => m.user_id);
  if (!input.force && before.some((id) => !checked.mentionedIds.includes(id))) {
    throw new AppError('conflict', 'This edit removes a mention. Send force to save it anyway.');
  }
  await countWrite(deps, writer);
  await transact(deps.db, async (trx) => {
    if (!(await findComment(trx, comment.id))) throw new AppError('not_found');
    await updateCommentText(trx, comment.id, checked.text, JSON.stringify(checked.tags), Math.max(Date.now(), comment.created_at + 1));
    await replaceMentions(trx, comment.id, checked.mentionedIds);
    await clearTranslations(trx, comment.id);
    await deps.events.record(trx, writer.userId, { type: 'comment.edited', commentId: comment.id, pinId: pin.id, mentionedUserIds: checked.mentionedIds });
  });
  return presentOne(deps, writer, pin, comment.id);
}

/** What removing a shown comment takes from its target's count: itself, and a top comment its shown replies. */
export async function uncount(trx: Db, comment: CommentRow): Promise<void> {
  if (comment.parent_id === null) {
    await adjustTargetCommentCount(trx, targetOf(comment), -(1 + comment.reply_count));
  } else {
    await adjustTargetCommentCount(trx, targetOf(comment), -1);
    await adjustCommentCounts(trx, comment.parent_id, { reply_count: -1 });
  }
}

/** The author, or the pin's owner, deletes a comment (a top comment with its replies). */
export async function deleteComment(deps: Deps, actor: Actor, commentId: string): Promise<null> {
  const writer = writerOf(actor, 'pins:write');
  const { pin } = await requireCommentRight(deps.db, writer, await findComment(deps.db, commentId), 'delete');
  await transact(deps.db, async (trx) => {
    await lockPin(trx, pin.id);
    const current = await findComment(trx, commentId);
    if (!current) throw new AppError('not_found');
    await uncount(trx, current);
    await deleteCommentRow(trx, current.id);
    await deps.events.record(trx, writer.userId, { type: 'comment.deleted', commentId: current.id, pinId: pin.id });
  });
  return null;
}
