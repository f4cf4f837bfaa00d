import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { CommentsTable } from '../db/schema/comments.ts';

/*
 * Hiding and showing comments and recounting a pin's comments from the rows: the comments area
 * (a pin owner's hide) and moderation (an operator's removal, hiding by weighted flags) share
 * these, so they sit below both (docs/decisions/0043, 0044 and 0048). Two states stand apart:
 * `owner_hidden` (the pin's owner) and `removed` (an operator or the flags); `hidden`, which every
 * read filters on, is written only here and is always `owner_hidden or removed`.
 */

/** Who hides: the pin's owner, or moderation (an operator's removal, the weighted flags). */
export type HiddenBy = 'owner' | 'moderation';

const STATE = { owner: 'owner_hidden', moderation: 'removed' } as const;

type Where = { id: string } | { pinId: string; userId: string };

/** A comment by id, hidden or not (moderation acts on hidden ones too). */
export async function anyComment(db: Db, id: string): Promise<Selectable<CommentsTable> | undefined> {
  return db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Sets `by`'s hiding state on comments (one, or every one of a user on a pin, hidden or not, so a
 * later restore by the other party leaves them hidden). Returns the comments that state was newly
 * set on (`marked`) and those of them that were showing until now (`hidden`).
 */
export async function hideComments(db: Db, where: Where, by: HiddenBy): Promise<{ marked: string[]; hidden: string[] }> {
  const state = STATE[by];
  let query = db
    .updateTable('comments')
    .set({ [state]: 1, hidden: 1 })
    .where(state, '=', 0);
  query = 'id' in where ? query.where('id', '=', where.id) : query.where('pin_id', '=', where.pinId).where('user_id', '=', where.userId);
  // The old `hidden` is read back from the row before the update: RETURNING gives the new row, so
  // the showing ones are found first under the same conditions (the caller holds the pin's lock).
  let showing = db.selectFrom('comments').select('id').where(state, '=', 0).where('hidden', '=', 0);
  showing = 'id' in where ? showing.where('id', '=', where.id) : showing.where('pin_id', '=', where.pinId).where('user_id', '=', where.userId);
  const hidden = (await showing.execute()).map((r) => r.id);
  const marked = (await query.returning('id').execute()).map((r) => r.id);
  return { marked, hidden };
}

/**
 * Clears `by`'s hiding state on a comment; whether it shows again (the other party's state, if
 * set, keeps it hidden: a moderator's restore does not show what the pin's owner hid).
 */
export async function showComment(db: Db, id: string, by: HiddenBy): Promise<boolean> {
  const state = STATE[by];
  const other = STATE[by === 'owner' ? 'moderation' : 'owner'];
  const done = await db
    .updateTable('comments')
    .set({ [state]: 0, hidden: sql<0 | 1>`${sql.ref(other)}` })
    .where('id', '=', id)
    .where(state, '=', 1)
    .returning('hidden')
    .executeTakeFirst();
  return done?.hidden === 0;
}

/**
 * The pin's comment_count, its tried-its' comment_count and every top comment's reply count
 * recounted from the rows: what shows is a shown top comment or a shown reply under one; the pin
 * counts those on itself, a tried-it those on it. Hiding or showing outside one shown comment uses it.
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
  await db
    .updateTable('did_its')
    .set({
      comment_count: sql<number>`(select coalesce(sum(1 + c.reply_count), 0) from comments c where c.did_it_id = did_its.id and c.parent_id is null and c.hidden = 0)`,
    })
    .where('pin_id', '=', pinId)
    .execute();
  const row = await db
    .selectFrom('comments')
    .select(sql<string | number>`coalesce(sum(1 + comments.reply_count), 0)`.as('total'))
    .where('pin_id', '=', pinId)
    .where('did_it_id', 'is', null)
    .where('parent_id', 'is', null)
    .where('hidden', '=', 0)
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  await db.updateTable('pins').set({ comment_count: total }).where('id', '=', pinId).execute();
  return total;
}

/** The comments' texts by id (the moderation queue shows them). */
export async function commentTexts(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('comments').select(['id', 'text']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.text]));
}
