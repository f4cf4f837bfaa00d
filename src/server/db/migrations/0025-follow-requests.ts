import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Follow requests to private profiles (docs/decisions/0046-follow-requests.md): one row per member
 * waiting for another's answer. Accepting turns it into a user_follows row; declining or
 * withdrawing deletes it.
 */
export function followRequests(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('follow_requests')
        .addColumn('requester_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('follow_requests_pk', ['requester_id', 'owner_id'])
        .execute();
      // The owner's list of requests, newest first.
      await db.schema.createIndex('follow_requests_owner').on('follow_requests').columns(['owner_id', 'created_at']).execute();
    },
  };
}
