import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { CommentsTable } from '../db/schema/comments.ts';

/*
 * Hiding and showing comments and recounting a pin's comments from the rows: the comments area
 * (a pin owner's hide) and moderation (an operator's removal, hiding by weighted flags) share
 * these, so they sit below both (docs/decisions/0043 and 0044).
 */

/** A comment by id, hidden or not (moderation acts on hidden ones too). */
export async function anyComment(db: Db, id: string): Promise<Selectable<CommentsTable> | undefined> {
  return db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Hides comments (one, or every one of a user on a pin); the ids hidden. */
export async function hideComments(db: Db, where: { id: string } | { pinId: string; userId: string }): Promise<{ id: string; parent_id: string | null }[]> {
  let query = db.updateTable('comments').set({ hidden: 1 }).where('hidden', '=', 0);
  query = 'id' in where ? query.where('id', '=', where.id) : query.where('pin_id', '=', where.pinId).where('user_id', '=', where.userId);
  return query.returning(['id', 'parent_id']).execute();
}

/**
 * The pin's comment_count and its top comments' reply counts recounted from the rows: what shows
 * is a visible top comment or a visible reply under one. Hiding many at once uses it.
 */
export async function recountPinComments(db: Db, pinId: string): Promise<number> {
  await db
    .updateTable('comments')
    .set({
      reply_count: sql<number>`(select count(*) from comments r where r.parent_id = comments.id and r.hidden = 0)`,
    })
    .where('pin_id', '=', pinId)
    .where('parent_id', 'is', null)
    .execute();
  const row = await db
    .selectFrom('comments')
    .select(sql<string | number>`coalesce(sum(1 + comments.reply_count), 0)`.as('total'))
    .where('pin_id', '=', pinId)
    .where('parent_id', 'is', null)
    .where('hidden', '=', 0)
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  await db.updateTable('pins').set({ comment_count: total }).where('id', '=', pinId).execute();
  return total;
}

/** Shows a hidden comment again; whether it was hidden. */
export async function showComment(db: Db, id: string): Promise<boolean> {
  const done = await db.updateTable('comments').set({ hidden: 0 }).where('id', '=', id).where('hidden', '=', 1).executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** The comments' texts by id (the moderation queue shows them). */
export async function commentTexts(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('comments').select(['id', 'text']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.text]));
}
