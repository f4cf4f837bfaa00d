import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * News by web push and email (docs/decisions/0053-push-and-email.md): keys the instance makes once
 * and every node shares (VAPID, the unsubscribe links' secret), each member's push subscriptions
 * (one per device), the deliveries the news hub owes by each channel, and each member's last digest.
 */
export function pushAndMail(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('instance_keys')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // A device's push service address: unique, since it names one browser profile.
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();
      await db.schema
        .createTable('notification_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('notification_id', 'text', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
        .addColumn('recipient_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        // Push: at once; email: once the notification had its time to be seen in the app.
        .addColumn('due_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notification_deliveries_due').on('notification_deliveries').columns(['channel', 'due_at']).execute();
      await db.schema
        .createTable('notification_digests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('recipient_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // The mail as composed, so a digest interrupted after it was written goes out as the same mail.
        .addColumn('mail', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .execute();
      await db.schema.createIndex('notification_digests_recipient').on('notification_digests').columns(['recipient_id', 'created_at']).execute();
    },
  };
}
