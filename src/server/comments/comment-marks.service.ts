import type { Actor } from '../access/actor.ts';
import { readerOf, writerOf } from '../access/authorized.ts';
import { findVisibleComment } from '../access/comment.policy.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { weighCommentFlags } from '../moderation/comment-flags.service.ts';
import { cardOf, loadUserCards } from '../users/user-cards.ts';
import type { AggregatedCommentJson } from '../../shared/contracts/comments.ts';
import type { UserCard } from '../../shared/contracts/user-cards.ts';
import { parseCommentTags } from '../../shared/comments.ts';
import {
  adjustCommentCounts,
  blockedEitherWay,
  cachedTranslation,
  deleteMark,
  deleteMention,
  findComment,
  insertMark,
  mentionsOf,
  setCommentTags,
  storeTranslation,
  upsertFlag,
} from './comments.repo.ts';
import { presentOne } from './comments.service.ts';

type Mark = 'like' | 'helpful';
const TABLE = { like: 'comment_reactions', helpful: 'comment_helpful' } as const;
const COUNT = { like: 'like_count', helpful: 'helpful_count' } as const;

/**
 * Like or mark helpful (on), unlike or unmark (off): the member's one mark of that kind on a
 * comment they may see; its count moves by one in the same transaction, and a repeat changes nothing.
 */
export async function setCommentMark(deps: Deps, actor: Actor, commentId: string, mark: Mark, on: boolean): Promise<AggregatedCommentJson> {
  const writer = writerOf(actor, 'pins:write');
  const { comment, pin } = await findVisibleComment(deps.db, writer, await findComment(deps.db, commentId));
  await transact(deps.db, async (trx) => {
    const changed = on ? await insertMark(trx, TABLE[mark], comment.id, writer.userId) : await deleteMark(trx, TABLE[mark], comment.id, writer.userId);
    if (!changed) return;
    await adjustCommentCounts(trx, comment.id, { [COUNT[mark]]: on ? 1 : -1 });
    const event =
      mark === 'like'
        ? ({ type: 'comment.reacted', commentId: comment.id, pinId: pin.id, liked: on } as const)
        : ({ type: 'comment.helpful', commentId: comment.id, pinId: pin.id, marked: on } as const);
    await deps.events.record(trx, writer.userId, event);
  });
  return presentOne(deps, writer, pin, comment.id);
}

/** A member flags a comment they may see, with a reason; flagging again replaces their flag. Enough weighted flags hide it (decision 0044). */
export async function flagComment(
  deps: Deps,
  actor: Actor,
  commentId: string,
  flag: { commentId?: string | undefined; reason: string; detailedReasons: string[] },
): Promise<{ id: string; flagged: true }> {
  if (flag.commentId !== undefined && flag.commentId !== commentId) throw new AppError('bad_request', 'commentId: It names another comment than the path.');
  const writer = writerOf(actor, 'pins:write');
  const { comment, pin } = await findVisibleComment(deps.db, writer, await findComment(deps.db, commentId));
  await transact(deps.db, async (trx) => {
    await upsertFlag(trx, {
      comment_id: comment.id,
      user_id: writer.userId,
      reason: flag.reason,
      detailed_reasons: JSON.stringify(flag.detailedReasons),
      created_at: Date.now(),
    });
    await deps.events.record(trx, writer.userId, { type: 'comment.flagged', commentId: comment.id, pinId: pin.id });
    // Enough weighted flags hide the comment until reviewed and bring its case to the queue.
    await weighCommentFlags(deps, trx, writer.userId, comment.id);
  });
  return { id: comment.id, flagged: true };
}

/** A mentioned member removes their mention from a comment; answers the comment's id and tagged_users now. */
export async function removeMyMention(deps: Deps, actor: Actor, commentId: string): Promise<{ id: string; tagged_users: UserCard[] }> {
  const writer = writerOf(actor, 'pins:write');
  const { comment } = await findVisibleComment(deps.db, writer, await findComment(deps.db, commentId));
  await transact(deps.db, async (trx) => {
    if (!(await deleteMention(trx, comment.id, writer.userId))) return;
    const tags = parseCommentTags(comment.tags);
    const kept = typeof tags === 'string' ? [] : tags.filter((t) => t.user_id !== writer.userId);
    await setCommentTags(trx, comment.id, JSON.stringify(kept));
    await deps.events.record(trx, writer.userId, { type: 'comment.mention_removed', commentId: comment.id, userId: writer.userId });
  });
  const ids = (await mentionsOf(deps.db, [comment.id])).map((m) => m.user_id);
  const blocked = await blockedEitherWay(deps.db, writer.userId, ids);
  const shown = ids.filter((id) => !blocked.has(id));
  const cards = await loadUserCards(deps, writer, shown);
  return { id: comment.id, tagged_users: shown.filter((id) => cards.has(id)).map((id) => cardOf(cards, id)) };
}

/** The language part of a locale: 'pt_BR' → 'pt'. */
export function translationLanguage(language: string | undefined): string {
  return (language ?? 'en').split(/[_-]/)[0]?.toLowerCase() ?? 'en';
}

/**
 * A comment in the reader's language, through the translator port and cached per comment and
 * language; when translation is unavailable or fails, the text is empty (viewer spec section 8).
 */
export async function translateComment(
  deps: Deps,
  actor: Actor,
  commentId: string,
  language: string | undefined,
): Promise<{ id: string; language: string; text: string }> {
  const reader = readerOf(actor);
  const { comment } = await findVisibleComment(deps.db, reader, await findComment(deps.db, commentId));
  const target = translationLanguage(language);
  const cached = await cachedTranslation(deps.db, comment.id, target);
  if (cached !== undefined) return { id: comment.id, language: target, text: cached };
  if (!deps.ports.translator.available) return { id: comment.id, language: target, text: '' };
  try {
    const text = await deps.ports.translator.translate(comment.text, target);
    await storeTranslation(deps.db, comment.id, target, text);
    return { id: comment.id, language: target, text };
  } catch (error) {
    deps.log.warn({ err: error, commentId: comment.id }, 'comment translation failed');
    return { id: comment.id, language: target, text: '' };
  }
}
