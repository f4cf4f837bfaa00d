import type { Db } from '../db/database.ts';
import type { TodayArticle, TodayArticlesTable } from '../db/schema/discovery.ts';

/** Today's articles as stored: by region, day and origin, in their order. */

export type Origin = TodayArticlesTable['origin'];

export async function articlesOf(db: Db, region: string, day: string, origin: Origin): Promise<TodayArticle[]> {
  return db
    .selectFrom('today_articles')
    .selectAll()
    .where('region', '=', region)
    .where('day', '=', day)
    .where('origin', '=', origin)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function findArticle(db: Db, id: string): Promise<TodayArticle | undefined> {
  return db.selectFrom('today_articles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An article's own pins, in the operator's order. */
export async function articlePinIds(db: Db, articleId: string): Promise<string[]> {
  const rows = await db.selectFrom('today_article_pins').select('pin_id').where('article_id', '=', articleId).orderBy('position').execute();
  return rows.map((r) => r.pin_id);
}

/** Replaces an article's own pins (none when its source is a topic or a search). */
export async function setArticlePins(db: Db, articleId: string, pinIds: readonly string[]): Promise<void> {
  await db.deleteFrom('today_article_pins').where('article_id', '=', articleId).execute();
  if (pinIds.length === 0) return;
  await db
    .insertInto('today_article_pins')
    .values(pinIds.map((pin_id, position) => ({ article_id: articleId, pin_id, position })))
    .execute();
}

/** Numbers the curated articles of a day 0, 1, 2... in the given order of ids. */
export async function renumber(db: Db, ids: readonly string[], now: number): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await db.updateTable('today_articles').set({ position, updated_at: now }).where('id', '=', id).execute();
  }
}
