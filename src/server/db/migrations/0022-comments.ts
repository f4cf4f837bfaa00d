import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Comments under pins (viewer spec section 3, aggregated comment): one table for comments and
 * replies (a reply names its top comment in parent_id), each level paged by keyset on its own
 * index; the counts (the pin's comment_count, a comment's reply, like and helpful counts) kept in
 * the writing transaction beside the rows they count (docs/decisions/0043-comments.md).
 */
export function comments(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('pins')
        .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('comments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('pin_id', 'text', (c) => c.notNull().references('pins.id').onDelete('cascade'))
        .addColumn('parent_id', 'text', (c) => c.references('comments.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('helpful_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('highlighted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // Each level pages on its own index: newest first, most helpful first, replies oldest first.
      await db.schema.createIndex('comments_by_pin').on('comments').columns(['pin_id', 'parent_id', 'hidden', 'created_at', 'id']).execute();
      await db.schema.createIndex('comments_by_helpful').on('comments').columns(['pin_id', 'parent_id', 'hidden', 'helpful_count', 'id']).execute();
      await db.schema.createIndex('comments_by_parent').on('comments').columns(['parent_id', 'hidden', 'created_at', 'id']).execute();
      await db.schema.createIndex('comments_by_user').on('comments').columns(['user_id', 'pin_id']).execute();

      await db.schema
        .createTable('comment_reactions')
        .addColumn('comment_id', 'text', (c) => c.notNull().references('comments.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('reaction_type', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('comment_reactions_pk', ['comment_id', 'user_id'])
        .execute();
      await db.schema.createIndex('comment_reactions_by_user').on('comment_reactions').column('user_id').execute();

      await db.schema
        .createTable('comment_helpful')
        .addColumn('comment_id', 'text', (c) => c.notNull().references('comments.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('comment_helpful_pk', ['comment_id', 'user_id'])
        .execute();
      await db.schema.createIndex('comment_helpful_by_user').on('comment_helpful').column('user_id').execute();

      await db.schema
        .createTable('comment_mentions')
        .addColumn('comment_id', 'text', (c) => c.notNull().references('comments.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('comment_mentions_pk', ['comment_id', 'user_id'])
        .execute();
      await db.schema.createIndex('comment_mentions_by_user').on('comment_mentions').column('user_id').execute();

      await db.schema
        .createTable('comment_flags')
        .addColumn('comment_id', 'text', (c) => c.notNull().references('comments.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('detailed_reasons', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('comment_flags_pk', ['comment_id', 'user_id'])
        .execute();
      await db.schema.createIndex('comment_flags_by_user').on('comment_flags').column('user_id').execute();

      await db.schema
        .createTable('comment_translations')
        .addColumn('comment_id', 'text', (c) => c.notNull().references('comments.id').onDelete('cascade'))
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('comment_translations_pk', ['comment_id', 'language'])
        .execute();
    },
  };
}
