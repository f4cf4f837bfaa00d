import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Onboarding (NUX) after sign-up: one row per member who has it to do or did it, with the step
 * reached and whether the next home feed request is the first after it. Members who signed up
 * before onboarding existed have no row and are never sent into it. The member's chosen interests
 * are topic follows (interest_follows). `users.cookie_consent_at` says the member has answered the
 * cookie banner: the flags alone cannot, since false is both the default and an answer.
 */
export function onboardingAndConsent(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_nux')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('step', 'text', (c) => c.notNull())
        .addColumn('completed_at', 'bigint')
        .addColumn('first_home_feed_pending', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('users').addColumn('cookie_consent_at', 'bigint').execute();
    },
  };
}
