import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The news hub (docs/decisions/0050-notifications.md): one row per notification a member sees,
 * grouping the people who did the same thing to the same subject within a window ("Ana and 4
 * others saved your pin"); one row per person in a group, so a group counts each person once.
 */
export function notifications(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notifications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('recipient_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        // What the group is about: `type:subject` (a pin, a board, a comment, or the recipient).
        .addColumn('group_key', 'text', (c) => c.notNull())
        .addColumn('pin_id', 'text')
        .addColumn('board_id', 'text')
        .addColumn('comment_id', 'text')
        .addColumn('latest_actor_id', 'text', (c) => c.notNull())
        .addColumn('actor_count', 'integer', (c) => c.notNull())
        .addColumn('event_count', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('seen_at', 'bigint')
        .execute();
      // The news hub, newest first.
      await db.schema.createIndex('notifications_recipient').on('notifications').columns(['recipient_id', 'updated_at']).execute();
      // The open group a new event joins: the unseen ones of its key.
      await db.schema.createIndex('notifications_group').on('notifications').columns(['recipient_id', 'group_key', 'seen_at', 'created_at']).execute();
      // The badge: a member's unseen count.
      await db.schema.createIndex('notifications_unseen').on('notifications').columns(['recipient_id', 'seen_at']).execute();
      await db.schema
        .createTable('notification_actors')
        .addColumn('notification_id', 'text', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
        .addColumn('actor_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('notification_actors_pk', ['notification_id', 'actor_id'])
        .execute();
    },
  };
}
