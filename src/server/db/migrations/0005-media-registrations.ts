import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Uploads registered before their file arrives: the public API's two-step media upload
 * (docs/decisions/0011-public-api-v5.md). The media row is made with the registration's id when
 * the file is accepted, so the two are joined by id and need no link column.
 */
export function mediaRegistrations(): Migration {
  const bigint = 'bigint' as const;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('media_registrations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_id', 'text', (c) => c.notNull().references('personal_access_tokens.id').onDelete('cascade'))
        .addColumn('media_type', 'text', (c) => c.notNull())
        .addColumn('upload_secret_hash', 'text', (c) => c.notNull())
        .addColumn('expires_at', bigint, (c) => c.notNull())
        .addColumn('uploaded_at', bigint)
        .addColumn('failure_reason', 'text')
        .addColumn('created_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('media_registrations_owner').on('media_registrations').columns(['owner_id', 'created_at', 'id']).execute();
    },
  };
}
