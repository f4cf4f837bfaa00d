import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Boards, sections, collaborators, pins and their saves, follows, topics, blocks, hidden pins and
 * the profile record with its counters (docs/decisions/0009-boards-and-pins-model.md).
 * `pins.media_id` is plain text without a foreign key, so this migration does not depend on the
 * media migration.
 */
export function boardsAndPins(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createProfiles(db);
      await createBoards(db);
      await createPins(db);
      await createSocial(db);
    },
  };
}

const bigint = 'bigint' as const;
const counter = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

async function createProfiles(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_profiles')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('about', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('website_url', 'text')
    .addColumn('image_media_id', 'text')
    .addColumn('pin_count', 'integer', counter)
    .addColumn('secret_pin_count', 'integer', counter)
    .addColumn('board_count', 'integer', counter)
    .addColumn('secret_board_count', 'integer', counter)
    .addColumn('follower_count', 'integer', counter)
    .addColumn('following_count', 'integer', counter)
    .addColumn('profile_pins_stale_at', bigint)
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
}

async function createBoards(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('boards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('privacy', 'text', (c) => c.notNull())
    .addColumn('is_quicksave', 'integer', counter)
    // No foreign key: a pin and a board point at each other, and the presenter checks the save.
    .addColumn('cover_pin_id', 'text')
    .addColumn('archived_at', bigint)
    .addColumn('pending_owner_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('pin_count', 'integer', counter)
    .addColumn('sectionless_pin_count', 'integer', counter)
    .addColumn('section_count', 'integer', counter)
    .addColumn('follower_count', 'integer', counter)
    .addColumn('collaborator_count', 'integer', counter)
    .addColumn('pins_modified_at', bigint)
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addUniqueConstraint('boards_owner_slug', ['owner_id', 'slug'])
    .execute();
  await db.schema.createIndex('boards_owner_created').on('boards').columns(['owner_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('board_sections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('pin_count', 'integer', counter)
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('board_sections_board').on('board_sections').columns(['board_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('board_collaborators')
    .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('can_delete', 'integer', counter)
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('board_collaborators_pk', ['board_id', 'user_id'])
    .execute();
  await db.schema.createIndex('board_collaborators_user').on('board_collaborators').columns(['user_id', 'status']).execute();
}

async function createPins(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('creator_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'text')
    .addColumn('domain', 'text')
    .addColumn('media_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('comments_disabled', 'integer', counter)
    .addColumn('is_unsafe', 'integer', counter)
    .addColumn('save_count', 'integer', counter)
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addColumn('deleted_at', bigint)
    .execute();
  await db.schema.createIndex('pins_creator_created').on('pins').columns(['creator_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('board_pins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pin_id', 'text', (c) => c.notNull().references('pins.id').onDelete('cascade'))
    .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('section_id', 'text', (c) => c.references('board_sections.id').onDelete('cascade'))
    .addColumn('saved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addUniqueConstraint('board_pins_board_pin', ['board_id', 'pin_id'])
    .execute();
  await db.schema.createIndex('board_pins_feed').on('board_pins').columns(['board_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('board_pins_pin').on('board_pins').column('pin_id').execute();
  await db.schema.createIndex('board_pins_section').on('board_pins').columns(['section_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('board_pins_saved_by').on('board_pins').columns(['saved_by', 'created_at']).execute();

  await db.schema
    .createTable('hidden_pins')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pin_id', 'text', (c) => c.notNull().references('pins.id').onDelete('cascade'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('hidden_pins_pk', ['user_id', 'pin_id'])
    .execute();
}

async function createSocial(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_follows')
    .addColumn('follower_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_follows_pk', ['follower_id', 'followee_id'])
    .execute();
  await db.schema.createIndex('user_follows_followee').on('user_follows').columns(['followee_id', 'created_at']).execute();

  await db.schema
    .createTable('board_follows')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('board_follows_pk', ['user_id', 'board_id'])
    .execute();
  await db.schema.createIndex('board_follows_board').on('board_follows').column('board_id').execute();

  await db.schema
    .createTable('interests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('follower_count', 'integer', counter)
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('interest_follows')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('interest_id', 'text', (c) => c.notNull().references('interests.id').onDelete('cascade'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('interest_follows_pk', ['user_id', 'interest_id'])
    .execute();

  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked').on('blocks').column('blocked_id').execute();
}
