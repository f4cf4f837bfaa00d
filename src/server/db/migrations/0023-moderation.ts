import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Reports, the operators' moderation queue (one case per reported thing), the log of every
 * action, decisions told to reporters and subjects, members' restrictions, pins hidden by an
 * operator, and the feedback sent from the feedback modal (docs/decisions/0044-moderation.md).
 */
export function moderation(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('moderation_cases')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'text')
        .addColumn('subject_id', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('assignee_id', 'text')
        .addColumn('report_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('appeal_text', 'text')
        .addColumn('opened_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('moderation_cases_target').on('moderation_cases').columns(['target_type', 'target_id']).unique().execute();
      await db.schema.createIndex('moderation_cases_queue').on('moderation_cases').columns(['status', 'updated_at']).execute();
      await db.schema
        .createTable('reports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('case_id', 'text', (c) => c.notNull().references('moderation_cases.id').onDelete('cascade'))
        .addColumn('reporter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_promoted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_product', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('reports_case').on('reports').columns(['case_id', 'created_at']).execute();
      await db.schema.createIndex('reports_reporter').on('reports').columns(['reporter_id', 'case_id']).execute();
      await db.schema
        .createTable('moderation_actions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('case_id', 'text', (c) => c.notNull().references('moderation_cases.id').onDelete('cascade'))
        .addColumn('actor_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('moderation_actions_case').on('moderation_actions').columns(['case_id', 'created_at']).execute();
      await db.schema.createIndex('moderation_actions_time').on('moderation_actions').columns(['created_at']).execute();
      await db.schema
        .createTable('moderation_notices')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('case_id', 'text', (c) => c.notNull().references('moderation_cases.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('moderation_notices_user').on('moderation_notices').columns(['user_id', 'created_at']).execute();
      await db.schema
        .createTable('member_restrictions')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('write_banned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('case_id', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('moderated_pins')
        .addColumn('pin_id', 'text', (c) => c.primaryKey().references('pins.id').onDelete('cascade'))
        .addColumn('case_id', 'text', (c) => c.notNull())
        .addColumn('hidden_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('feedback')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('feedback_time').on('feedback').columns(['created_at']).execute();
    },
  };
}
