import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Reader } from '../access/authorized.ts';
import { visiblePins } from '../access/visibility.repo.ts';

/**
 * Today articles in the sitemaps (viewer spec section 2). Listed: every stored article of a day
 * that has come (curated or made from trends; their addresses stay valid after their day). Left
 * out: a day still to come, which an operator is preparing, and an article made of its own pins
 * when none of them is a pin the reader may see any more (they were deleted or their boards made
 * secret since), since its page would show nothing. An article of a topic or a search is public
 * as its topic or words are; trend articles were made only with a pin a visitor could see.
 */

type ArticleScope = ExpressionBuilder<Database, 'today_articles'>;

function publishedArticles(db: Db, reader: Reader, today: string) {
  return db
    .selectFrom('today_articles')
    .where('today_articles.day', '<=', today)
    .where((eb: ArticleScope) =>
      eb.or([
        eb('today_articles.source', '!=', 'pins'),
        eb.exists(
          eb
            .selectFrom('today_article_pins as tap')
            .innerJoin('pins', 'pins.id', 'tap.pin_id')
            .select('tap.pin_id')
            .whereRef('tap.article_id', '=', 'today_articles.id')
            .where(visiblePins(reader)),
        ),
      ]),
    );
}

export async function countPublishedArticles(db: Db, reader: Reader, today: string): Promise<number> {
  const row = await publishedArticles(db, reader, today)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type PublishedArticleRow = { id: string; title: string; kind: number; is_shop: number; updated_at: number };

export async function publishedArticlesSlice(db: Db, reader: Reader, today: string, offset: number, limit: number): Promise<PublishedArticleRow[]> {
  return publishedArticles(db, reader, today)
    .select(['today_articles.id', 'today_articles.title', 'today_articles.kind', 'today_articles.is_shop', 'today_articles.updated_at'])
    .orderBy('today_articles.id')
    .limit(limit)
    .offset(offset)
    .execute();
}
