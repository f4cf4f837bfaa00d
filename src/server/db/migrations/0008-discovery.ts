import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Today's articles, curated by operators or made from the week's trends, and the indexes of the
 * discovery pages (docs/decisions/0024-discovery-pages.md). Topics keep no pin list: a topic's
 * pins are a search for its name.
 */
export function discovery(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createArticles(db);
      await createIndexes(db);
    },
  };
}

const bigint = 'bigint' as const;

async function createArticles(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('today_articles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('is_shop', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('interest_id', 'text', (c) => c.references('interests.id').onDelete('set null'))
    .addColumn('query', 'text')
    .addColumn('cover_pin_id', 'text', (c) => c.references('pins.id').onDelete('set null'))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('today_articles_day').on('today_articles').columns(['region', 'day', 'origin', 'position']).execute();

  await db.schema
    .createTable('today_article_pins')
    .addColumn('article_id', 'text', (c) => c.notNull().references('today_articles.id').onDelete('cascade'))
    .addColumn('pin_id', 'text', (c) => c.notNull().references('pins.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('today_article_pins_pk', ['article_id', 'pin_id'])
    .execute();
  await db.schema.createIndex('today_article_pins_order').on('today_article_pins').columns(['article_id', 'position']).execute();

  // One row per region and day whose trend articles were made, so two readers never make them twice.
  await db.schema
    .createTable('today_trend_runs')
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('made_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('today_trend_runs_pk', ['region', 'day'])
    .execute();
}

async function createIndexes(db: Kysely<unknown>): Promise<void> {
  // The ideas index lists topics most followed first.
  await db.schema.createIndex('interests_by_followers').on('interests').columns(['follower_count', 'id']).execute();
  // The videos and shopping pages read the newest listed pins of their kind.
  await db.schema.createIndex('search_pins_videos').on('search_pins').columns(['is_video', 'is_public', 'pin_id']).execute();
  await db.schema.createIndex('search_pins_products').on('search_pins').columns(['is_product', 'is_public', 'pin_id']).execute();
}
