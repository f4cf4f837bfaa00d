import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';

/** Uploaded images and videos with their processing state (docs/decisions/0008-media-pipeline.md). */
export function media(dialect: Dialect): Migration {
  const bigint = 'bigint' as const;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('media')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('failure_reason', 'text')
        .addColumn('source_type', 'text', (c) => c.notNull())
        .addColumn('source_size', bigint, (c) => c.notNull())
        .addColumn('upload_key', 'text')
        .addColumn('key_salt', 'text', (c) => c.notNull())
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('duration_ms', bigint)
        .addColumn('dominant_color', 'text')
        .addColumn('placeholder', 'text')
        .addColumn('signature', 'text')
        // Bytes in both databases: BLOB in SQLite, bytea in PostgreSQL.
        .addColumn('features', dialect === 'postgres' ? sql`bytea` : 'blob')
        .addColumn('images', 'text')
        .addColumn('videos', 'text')
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('updated_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('media_owner').on('media').columns(['owner_id', 'created_at']).execute();
      // Finding unfinished work after a restart reads only the (few) rows still processing.
      await sql`CREATE INDEX media_processing ON media (created_at) WHERE status = 'processing'`.execute(db);
      await db.schema.createIndex('media_signature').on('media').column('signature').execute();
    },
  };
}
