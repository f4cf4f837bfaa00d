import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The member log and messages (docs/decisions/0049-member-log-and-messages.md): one numbered log
 * of live entries per member (its head holds the last number, taken under the head's row lock),
 * conversations with a per-conversation message number, each member's read pointer into it, and
 * messages keyed by the sender's own id for the send so that a retry finds the first.
 */
export function liveMessages(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('member_log_heads')
        .addColumn('member_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('last_seq', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('member_log')
        .addColumn('member_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('member_log_pk', ['member_id', 'seq'])
        .execute();
      await db.schema
        .createTable('conversations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('creator_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text')
        .addColumn('is_group', 'integer', (c) => c.notNull())
        .addColumn('last_seq', 'bigint', (c) => c.notNull())
        .addColumn('last_message_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('conversation_members')
        .addColumn('conversation_id', 'text', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // accepted, or request (waiting for this member's answer), or declined.
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('read_seq', 'bigint', (c) => c.notNull())
        .addColumn('joined_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('conversation_members_pk', ['conversation_id', 'user_id'])
        .execute();
      await db.schema.createIndex('conversation_members_user').on('conversation_members').columns(['user_id', 'conversation_id']).execute();
      await db.schema
        .createTable('messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('conversation_id', 'text', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('pin_id', 'text')
        .addColumn('board_id', 'text')
        .addColumn('user_id', 'text')
        .addColumn('did_it_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('messages_conversation_seq').on('messages').columns(['conversation_id', 'seq']).unique().execute();
      // The send's own id: a retry of an acknowledged send meets this and answers the first message.
      await db.schema.createIndex('messages_sender_client').on('messages').columns(['sender_id', 'client_id']).unique().execute();
      await db.schema
        .createTable('message_settings')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        // everyone (people you don't follow start with a contact request), following, nobody.
        .addColumn('allow_from', 'text', (c) => c.notNull())
        .execute();
      // Invite links (business spec section 3): who shared it and through which channel.
      await db.schema
        .createTable('invite_codes')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('channel', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('invite_codes_sender').on('invite_codes').columns(['sender_id', 'channel']).unique().execute();
    },
  };
}
