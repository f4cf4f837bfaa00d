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

/** The position of the last curated article of a region's day, if it has any. */
export async function lastCuratedPosition(db: Db, region: string, day: string): Promise<number | undefined> {
  const last = await db
    .selectFrom('today_articles')
    .select('position')
    .where('region', '=', region)
    .where('day', '=', day)
    .where('origin', '=', 'curated')
    .orderBy('position', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.position;
}

export async function insertArticles(db: Db, rows: readonly TodayArticlesTable[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('today_articles')
      .values([...rows])
      .execute();
}

export type ArticleColumns = Partial<Pick<TodayArticlesTable, 'title' | 'kind' | 'is_shop' | 'cover_pin_id' | 'source' | 'interest_id' | 'query'>> & {
  updated_at: number;
};

export async function updateArticleRow(db: Db, id: string, changes: ArticleColumns): Promise<void> {
  await db.updateTable('today_articles').set(changes).where('id', '=', id).execute();
}

export async function deleteArticleRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('today_articles').where('id', '=', id).execute();
}

/** Whether a region's day already had its articles made from trends. */
export async function trendRunExists(db: Db, region: string, day: string): Promise<boolean> {
  return (await db.selectFrom('today_trend_runs').select('day').where('region', '=', region).where('day', '=', day).executeTakeFirst()) !== undefined;
}

/** Claims a region's day for making its articles from trends: false when another reader claimed it first. */
export async function claimTrendRun(db: Db, region: string, day: string, now: number): Promise<boolean> {
  const run = await db
    .insertInto('today_trend_runs')
    .values({ region, day, made_at: now })
    .onConflict((oc) => oc.columns(['region', 'day']).doNothing())
    .executeTakeFirst();
  return Number(run.numInsertedOrUpdatedRows ?? 0n) > 0;
}
