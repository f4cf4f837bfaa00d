import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Account security and the member's own data (docs/decisions/0040-account-security.md): two-factor
 * recovery codes, the parental passcode and its backup email, requested exports of the member's
 * data, and pending account deletions with their grace period. Secrets are kept as hashes only.
 */
export function accountSecurity(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mfa_recovery_codes')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addPrimaryKeyConstraint('mfa_recovery_codes_pk', ['user_id', 'code_hash'])
        .execute();

      await db.schema
        .createTable('parental_passcodes')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('passcode_hash', 'text', (c) => c.notNull())
        .addColumn('backup_email', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('account_exports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('blob_key', 'text')
        .addColumn('byte_size', 'bigint')
        .addColumn('link_hash', 'text')
        .addColumn('requested_at', 'bigint', (c) => c.notNull())
        .addColumn('ready_at', 'bigint')
        .addColumn('expires_at', 'bigint')
        .addColumn('downloaded_at', 'bigint')
        .execute();
      await db.schema.createIndex('account_exports_by_user').on('account_exports').columns(['user_id', 'requested_at']).execute();
      await db.schema.createIndex('account_exports_by_link').on('account_exports').column('link_hash').execute();

      // No reference to users: the row outlives the purge, which marks it done.
      await db.schema
        .createTable('account_deletions')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('requested_at', 'bigint', (c) => c.notNull())
        .addColumn('purge_at', 'bigint', (c) => c.notNull())
        .addColumn('purged_at', 'bigint')
        .execute();
      await db.schema.createIndex('account_deletions_due').on('account_deletions').columns(['purged_at', 'purge_at']).execute();
    },
  };
}
