import type { Pin } from '../db/schema/boards-and-pins.ts';
import type { Reader } from '../access/authorized.ts';
import { commentRights } from '../access/comment.policy.ts';
import type { Deps } from '../deps.ts';
import { cardOf, loadUserCards } from '../users/user-cards.ts';
import { COMMENT_LIKE, parseCommentTags, type CommentTag } from '../../shared/comments.ts';
import type { AggregatedCommentJson } from '../../shared/contracts/comments.ts';
import { blockedEitherWay, marksOf, mentionsOf, type CommentRow } from './comments.repo.ts';

function storedTags(json: string): CommentTag[] {
  const tags = parseCommentTags(json);
  return typeof tags === 'string' ? [] : tags;
}

/**
 * Comments as the reader sees them, in a fixed number of queries whatever their number: the
 * authors' and mentioned members' cards, the reader's likes and helpful marks. A mentioned member
 * blocked either way with the reader is left out of tagged_users.
 */
export async function presentComments(deps: Deps, reader: Reader, pin: Pick<Pin, 'creator_id'>, rows: readonly CommentRow[]): Promise<AggregatedCommentJson[]> {
  const ids = rows.map((r) => r.id);
  const mentions = await mentionsOf(deps.db, ids);
  const mentionedIds = [...new Set(mentions.map((m) => m.user_id))];
  const none = { liked: new Set<string>(), helpful: new Set<string>() };
  const [marks, blocked, cards] = await Promise.all([
    reader.userId === null ? none : marksOf(deps.db, reader.userId, ids),
    reader.userId === null ? new Set<string>() : blockedEitherWay(deps.db, reader.userId, mentionedIds),
    loadUserCards(deps, reader, [...rows.map((r) => r.user_id), ...mentionedIds]),
  ]);
  return rows.map((row) => {
    const rights = commentRights(reader, row, pin);
    const tagged = mentions.filter((m) => m.comment_id === row.id && !blocked.has(m.user_id) && cards.has(m.user_id)).map((m) => cardOf(cards, m.user_id));
    return {
      id: row.id,
      type: 'aggregatedcomment',
      pin_id: row.pin_id,
      did_it_id: row.did_it_id,
      parent_id: row.parent_id,
      user: cardOf(cards, row.user_id),
      text: row.text,
      tags: storedTags(row.tags).filter((t) => !blocked.has(t.user_id)),
      tagged_users: tagged,
      reaction_counts: row.like_count > 0 ? { [String(COMMENT_LIKE)]: row.like_count } : {},
      reaction_by_me: marks.liked.has(row.id) ? COMMENT_LIKE : null,
      helpful_count: row.helpful_count,
      marked_helpful_by_me: marks.helpful.has(row.id),
      highlighted_by_pin_owner: row.highlighted === 1,
      comment_count: row.reply_count,
      created_at: new Date(row.created_at).toISOString(),
      edited: row.updated_at !== row.created_at,
      can_edit: rights.edit,
      can_delete: rights.delete,
      can_moderate: rights.moderate,
    };
  });
}
