import type { ExpressionBuilder } from 'kysely';
import { visitor } from '../access/actor.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { readerOf } from '../access/authorized.ts';
import { todayArticlePath, todayOf } from '../../shared/today-paths.ts';
import { visiblePins } from '../access/visibility.repo.ts';

/**
 * Today articles in the sitemaps, at their path-rule addresses (viewer spec section 2). Listed:
 * every stored article of a day that has come (curated or made from trends; their addresses stay
 * valid after their day). Left out: a day still to come, which an operator is preparing, and an
 * article made of its own pins when none of them is a pin a visitor may see any more (they were
 * deleted or their boards made secret since), since its page would show nothing. An article of a
 * topic or a search is public as its topic or words are; trend articles were made only with a
 * pin a visitor could see.
 */

const asVisitor = readerOf(visitor);

type ArticleScope = ExpressionBuilder<Database, 'today_articles'>;

function publishedArticles(db: Db, now: number) {
  return db
    .selectFrom('today_articles')
    .where('today_articles.day', '<=', todayOf(now))
    .where((eb: ArticleScope) =>
      eb.or([
        eb('today_articles.source', '!=', 'pins'),
        eb.exists(
          eb
            .selectFrom('today_article_pins as tap')
            .innerJoin('pins', 'pins.id', 'tap.pin_id')
            .select('tap.pin_id')
            .whereRef('tap.article_id', '=', 'today_articles.id')
            .where(visiblePins(asVisitor)),
        ),
      ]),
    );
}

export async function countTodayArticles(db: Db, now: number): Promise<number> {
  const row = await publishedArticles(db, now)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function todayArticlePages(db: Db, now: number, offset: number, limit: number): Promise<{ path: string; lastModified: number }[]> {
  const rows = await publishedArticles(db, now)
    .select(['today_articles.id', 'today_articles.title', 'today_articles.kind', 'today_articles.is_shop', 'today_articles.updated_at'])
    .orderBy('today_articles.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({ path: todayArticlePath({ id: r.id, title: r.title, kind: r.kind, is_shop: r.is_shop === 1 }), lastModified: r.updated_at }));
}
