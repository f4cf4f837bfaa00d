import { sql, type Selectable } from 'kysely';
import type { Reader } from '../access/authorized.ts';
import { notBlocked } from '../access/visibility.repo.ts';
import type { Cursor } from '../common/bookmark.ts';
import type { Db } from '../db/database.ts';
import { counterChanges } from '../db/counters.ts';
import { afterCursor } from '../db/keyset.ts';
import type { CommentsTable } from '../db/schema/comments.ts';
import type { CommentSort } from '../../shared/comments.ts';

export type CommentRow = Selectable<CommentsTable>;

export async function insertComment(
  db: Db,
  row: { id: string; pin_id: string; did_it_id: string | null; parent_id: string | null; user_id: string; text: string; tags: string; created_at: number },
): Promise<void> {
  await db
    .insertInto('comments')
    .values({ ...row, updated_at: row.created_at })
    .execute();
}

/** A comment that is not hidden, whoever wrote it (the service checks who may see it). */
export async function findComment(db: Db, id: string): Promise<CommentRow | undefined> {
  return db.selectFrom('comments').selectAll().where('id', '=', id).where('hidden', '=', 0).executeTakeFirst();
}

/** Where comments are: on a pin itself (didItId null), or on one of its tried-its. */
export type CommentTarget = { pinId: string; didItId: string | null };

export type CommentListQuery = CommentTarget & { parentId: string | null; sort: CommentSort; cursor: Cursor | null; limit: number };

/**
 * One page of a level: top comments newest (or most helpful) first, replies oldest first, without
 * hidden ones or those of anyone blocked either way with the reader. Keyset on the level's index,
 * so a deep page costs what the first does.
 */
export async function listComments(db: Db, reader: Reader, q: CommentListQuery): Promise<CommentRow[]> {
  let query = db
    .selectFrom('comments')
    .selectAll()
    .where('comments.pin_id', '=', q.pinId)
    .where('comments.hidden', '=', 0)
    .where(notBlocked(reader, sql.ref('comments.user_id')));
  query = q.didItId === null ? query.where('comments.did_it_id', 'is', null) : query.where('comments.did_it_id', '=', q.didItId);
  query = q.parentId === null ? query.where('comments.parent_id', 'is', null) : query.where('comments.parent_id', '=', q.parentId);
  const idKey = sql`cast(comments.id as bigint)`;
  const created = sql.ref('comments.created_at');
  if (q.parentId !== null) {
    if (q.cursor) query = query.where(afterCursor(created, idKey, q.cursor, 'asc'));
    return query.orderBy('comments.created_at', 'asc').orderBy(idKey, 'asc').limit(q.limit).execute();
  }
  if (q.sort === 'helpful') {
    if (q.cursor) query = query.where(afterCursor(sql.ref('comments.helpful_count'), idKey, q.cursor, 'desc'));
    return query.orderBy('comments.helpful_count', 'desc').orderBy(idKey, 'desc').limit(q.limit).execute();
  }
  if (q.cursor) query = query.where(afterCursor(created, idKey, q.cursor, 'desc'));
  return query.orderBy('comments.created_at', 'desc').orderBy(idKey, 'desc').limit(q.limit).execute();
}

export async function updateCommentText(db: Db, id: string, text: string, tags: string, now: number): Promise<void> {
  await db.updateTable('comments').set({ text, tags, updated_at: now }).where('id', '=', id).execute();
}

export async function setCommentTags(db: Db, id: string, tags: string): Promise<void> {
  await db.updateTable('comments').set({ tags }).where('id', '=', id).execute();
}

export async function deleteCommentRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('comments').where('id', '=', id).execute();
}

/** The target's comment_count (the pin's, or the tried-it's) moves by `delta`, never below 0. */
export async function adjustTargetCommentCount(db: Db, target: CommentTarget, delta: number): Promise<void> {
  const set = counterChanges({ comment_count: delta });
  if (!set.comment_count) return;
  if (target.didItId === null) await db.updateTable('pins').set(set).where('id', '=', target.pinId).execute();
  else await db.updateTable('did_its').set(set).where('id', '=', target.didItId).execute();
}

export async function adjustCommentCounts(db: Db, id: string, deltas: { reply_count?: number; like_count?: number; helpful_count?: number }): Promise<void> {
  const set = counterChanges(deltas);
  if (Object.keys(set).length > 0) await db.updateTable('comments').set(set).where('id', '=', id).execute();
}

export async function didItCommentCount(db: Db, didItId: string): Promise<number> {
  const row = await db.selectFrom('did_its').select('comment_count').where('id', '=', didItId).executeTakeFirst();
  return row?.comment_count ?? 0;
}

export async function pinCommentCount(db: Db, pinId: string): Promise<number> {
  const row = await db.selectFrom('pins').select('comment_count').where('id', '=', pinId).executeTakeFirst();
  return row?.comment_count ?? 0;
}

export async function setHighlight(db: Db, target: CommentTarget, commentId: string, highlighted: boolean): Promise<void> {
  // One highlighted comment per pin (and per tried-it): highlighting another takes it from the first.
  if (highlighted) {
    let others = db.updateTable('comments').set({ highlighted: 0 }).where('pin_id', '=', target.pinId).where('highlighted', '=', 1);
    others = target.didItId === null ? others.where('did_it_id', 'is', null) : others.where('did_it_id', '=', target.didItId);
    await others.execute();
  }
  await db
    .updateTable('comments')
    .set({ highlighted: highlighted ? 1 : 0 })
    .where('id', '=', commentId)
    .execute();
}

/** Adds the member's like (or helpful mark); whether it was new. */
export async function insertMark(db: Db, table: 'comment_reactions' | 'comment_helpful', commentId: string, userId: string): Promise<boolean> {
  const row = { comment_id: commentId, user_id: userId, created_at: Date.now() };
  const values = table === 'comment_reactions' ? { ...row, reaction_type: 1 } : row;
  const added = await db
    .insertInto(table)
    .values(values)
    .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(added.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Removes the member's like (or helpful mark); whether there was one. */
export async function deleteMark(db: Db, table: 'comment_reactions' | 'comment_helpful', commentId: string, userId: string): Promise<boolean> {
  const gone = await db.deleteFrom(table).where('comment_id', '=', commentId).where('user_id', '=', userId).executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

/** Which of the comments the user liked and marked helpful, in two queries. */
export async function marksOf(db: Db, userId: string, ids: readonly string[]): Promise<{ liked: Set<string>; helpful: Set<string> }> {
  if (ids.length === 0) return { liked: new Set(), helpful: new Set() };
  const [liked, helpful] = await Promise.all([
    db.selectFrom('comment_reactions').select('comment_id').where('user_id', '=', userId).where('comment_id', 'in', ids).execute(),
    db.selectFrom('comment_helpful').select('comment_id').where('user_id', '=', userId).where('comment_id', 'in', ids).execute(),
  ]);
  return { liked: new Set(liked.map((r) => r.comment_id)), helpful: new Set(helpful.map((r) => r.comment_id)) };
}

export async function mentionsOf(db: Db, ids: readonly string[]): Promise<{ comment_id: string; user_id: string }[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('comment_mentions').select(['comment_id', 'user_id']).where('comment_id', 'in', ids).orderBy('user_id').execute();
}

export async function replaceMentions(db: Db, commentId: string, userIds: readonly string[]): Promise<void> {
  await db.deleteFrom('comment_mentions').where('comment_id', '=', commentId).execute();
  if (userIds.length > 0)
    await db
      .insertInto('comment_mentions')
      .values(userIds.map((user_id) => ({ comment_id: commentId, user_id })))
      .execute();
}

export async function deleteMention(db: Db, commentId: string, userId: string): Promise<boolean> {
  const gone = await db.deleteFrom('comment_mentions').where('comment_id', '=', commentId).where('user_id', '=', userId).executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

/** Members by username (lower case) or id: those that exist. */
export async function membersNamed(db: Db, usernames: readonly string[], ids: readonly string[]): Promise<{ id: string; username: string }[]> {
  if (usernames.length === 0 && ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where((eb) =>
      eb.or([...(usernames.length > 0 ? [eb(eb.fn('lower', ['username']), 'in', usernames)] : []), ...(ids.length > 0 ? [eb('id', 'in', ids)] : [])]),
    )
    .execute();
}

export async function upsertFlag(
  db: Db,
  row: { comment_id: string; user_id: string; reason: string; detailed_reasons: string; created_at: number },
): Promise<void> {
  await db
    .insertInto('comment_flags')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['comment_id', 'user_id']).doUpdateSet({ reason: row.reason, detailed_reasons: row.detailed_reasons, created_at: row.created_at }),
    )
    .execute();
}

export async function cachedTranslation(db: Db, commentId: string, language: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('comment_translations')
    .select('text')
    .where('comment_id', '=', commentId)
    .where('language', '=', language)
    .executeTakeFirst();
  return row?.text;
}

export async function storeTranslation(db: Db, commentId: string, language: string, text: string): Promise<void> {
  await db
    .insertInto('comment_translations')
    .values({ comment_id: commentId, language, text, created_at: Date.now() })
    .onConflict((oc) => oc.columns(['comment_id', 'language']).doUpdateSet({ text, created_at: Date.now() }))
    .execute();
}

export async function clearTranslations(db: Db, commentId: string): Promise<void> {
  await db.deleteFrom('comment_translations').where('comment_id', '=', commentId).execute();
}

/** Of `ids`, those who blocked `userId` or whom `userId` blocked. */
export async function blockedEitherWay(db: Db, userId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('blocks')
    .select(['blocker_id', 'blocked_id'])
    .where((eb) =>
      eb.or([eb.and([eb('blocker_id', '=', userId), eb('blocked_id', 'in', ids)]), eb.and([eb('blocked_id', '=', userId), eb('blocker_id', 'in', ids)])]),
    )
    .execute();
  return new Set(rows.map((r) => (r.blocker_id === userId ? r.blocked_id : r.blocker_id)));
}
