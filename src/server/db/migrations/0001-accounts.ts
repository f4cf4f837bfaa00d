import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';

/** Accounts, sessions, one-time tokens, personal access tokens, browser accounts and the job table. */
export function accounts(dialect: Dialect): Migration {
  const bigint = 'bigint' as const;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('country', 'text', (c) => c.notNull().defaultTo('US'))
        .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en_US'))
        .addColumn('gender', 'text')
        .addColumn('custom_gender', 'text')
        .addColumn('birthday', 'text')
        .addColumn('is_partner', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('business_name', 'text')
        .addColumn('is_employee', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('email_verified_at', bigint)
        .addColumn('allow_personalization_cookies', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('allow_analytic_cookies', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('allow_marketing_cookies', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('mfa_secret', 'text')
        .addColumn('mfa_last_step', bigint)
        .addColumn('signup_source', 'text')
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('updated_at', bigint, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('csrf_secret', 'text', (c) => c.notNull())
        .addColumn('limited_login', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('last_seen_at', bigint, (c) => c.notNull())
        .addColumn('expires_at', bigint, (c) => c.notNull())
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('one_time_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('expires_at', bigint, (c) => c.notNull())
        .addColumn('used_at', bigint)
        .addColumn('created_at', bigint, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('personal_access_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('last_used_at', bigint)
        .addColumn('revoked_at', bigint)
        .execute();
      await db.schema.createIndex('pat_user').on('personal_access_tokens').column('user_id').execute();

      await db.schema
        .createTable('browser_accounts')
        .addColumn('browser_hash', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('logged_in', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_login_at', bigint, (c) => c.notNull())
        .addPrimaryKeyConstraint('browser_accounts_pk', ['browser_hash', 'user_id'])
        .execute();
      await db.schema.createIndex('one_time_tokens_user').on('one_time_tokens').column('user_id').execute();

      await db.schema
        .createTable('jobs')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('dedupe_key', 'text')
        .addColumn('run_at', bigint, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('locked_by', 'text')
        .addColumn('locked_until', bigint)
        .addColumn('last_error', 'text')
        // Set when the queue gave up on the job; jobs that succeed are deleted.
        .addColumn('done_at', bigint)
        .addColumn('created_at', bigint, (c) => c.notNull())
        .execute();
      await sql`CREATE INDEX jobs_due ON jobs (run_at) WHERE done_at IS NULL`.execute(db);
      // A dedupe key is only taken while its job is pending, so the same work can be queued again later.
      await sql`CREATE UNIQUE INDEX jobs_dedupe ON jobs (dedupe_key) WHERE done_at IS NULL`.execute(db);
    },
  };
}
