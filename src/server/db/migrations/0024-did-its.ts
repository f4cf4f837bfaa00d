import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Tried-its ("did it", viewer spec section 3: aggregatedPinData.didItData, doneByMe): a member's
 * one tried-it per pin, with a photo (an upload of theirs, plain text id like pins.media_id) and a
 * note; the likes and helpful marks on it, and each pin's counts kept beside them in the writing
 * transaction (docs/decisions/0045-tried-its.md).
 */
export function didIts(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('did_its')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('pin_id', 'text', (c) => c.notNull().references('pins.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('media_id', 'text')
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('helpful_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // One tried-it per member and pin (done_by_me); a second create finds the first.
      await db.schema.createIndex('did_its_pin_user').on('did_its').columns(['pin_id', 'user_id']).unique().execute();
      // A pin's tried-its and a profile's Tried tab, newest first, paged by (created_at, id).
      await db.schema.createIndex('did_its_by_pin').on('did_its').columns(['pin_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('did_its_by_user').on('did_its').columns(['user_id', 'created_at', 'id']).execute();
      // Whether a photo is shown through a tried-it (media access).
      await db.schema.createIndex('did_its_by_media').on('did_its').column('media_id').execute();

      await db.schema
        .createTable('did_it_reactions')
        .addColumn('did_it_id', 'text', (c) => c.notNull().references('did_its.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('reaction_type', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('did_it_reactions_pk', ['did_it_id', 'user_id'])
        .execute();
      await db.schema.createIndex('did_it_reactions_by_user').on('did_it_reactions').column('user_id').execute();

      await db.schema
        .createTable('did_it_helpful')
        .addColumn('did_it_id', 'text', (c) => c.notNull().references('did_its.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('did_it_helpful_pk', ['did_it_id', 'user_id'])
        .execute();
      await db.schema.createIndex('did_it_helpful_by_user').on('did_it_helpful').column('user_id').execute();

      await db.schema
        .createTable('pin_did_it_counts')
        .addColumn('pin_id', 'text', (c) => c.primaryKey().references('pins.id').onDelete('cascade'))
        .addColumn('user_count', 'integer', (c) => c.notNull())
        .addColumn('images_count', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
