import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Where pins made from a web page came from (their attribution and the schema.org data read from
 * the page) and the websites members verified (docs/decisions/0010-outbound-fetch.md).
 */
export function pinSources(): Migration {
  const bigint = 'bigint' as const;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('pin_sources')
        .addColumn('pin_id', 'text', (c) => c.primaryKey().references('pins.id').onDelete('cascade'))
        .addColumn('source_url', 'text', (c) => c.notNull())
        .addColumn('canonical_url', 'text')
        .addColumn('image_url', 'text', (c) => c.notNull())
        .addColumn('provider_name', 'text')
        .addColumn('author_name', 'text')
        .addColumn('author_url', 'text')
        .addColumn('license_url', 'text')
        .addColumn('embed', 'text')
        .addColumn('rich_metadata', 'text')
        .addColumn('fetched_at', bigint, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('site_verification_codes')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('user_websites')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('website', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('verified_at', bigint, (c) => c.notNull())
        .addPrimaryKeyConstraint('user_websites_pk', ['user_id', 'website'])
        .execute();
      await db.schema.createIndex('user_websites_domain').on('user_websites').column('domain').execute();
    },
  };
}
