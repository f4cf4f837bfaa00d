import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * What a member chose in settings (docs/decisions/0039-member-settings.md): privacy and who may
 * reach them (one row, created on the first change; a member without one has the defaults), what
 * they are told and where, and the email changes waiting for their new address to be confirmed.
 */
export function memberSettings(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('member_settings')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('is_private_profile', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('exclude_from_search', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('mention_audience', 'text', (c) => c.notNull().defaultTo('everyone'))
        .addColumn('comment_audience', 'text', (c) => c.notNull().defaultTo('everyone'))
        .addColumn('message_audience', 'text', (c) => c.notNull().defaultTo('everyone'))
        .addColumn('mention_notifications', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('contact_requests', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // The sitemaps and the page server ask which members keep their pages out of search engines.
      await db.schema.createIndex('member_settings_hidden').on('member_settings').columns(['exclude_from_search', 'is_private_profile']).execute();

      await db.schema
        .createTable('notification_settings')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('notification_settings_pk', ['user_id', 'kind', 'channel'])
        .execute();

      await db.schema
        .createTable('email_changes')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('new_email', 'text', (c) => c.notNull())
        .addColumn('old_email', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('email_changes_user').on('email_changes').column('user_id').execute();
    },
  };
}
