import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';

/**
 * The event log and the positions of its cluster subscribers (docs/decisions/0033-domain-events.md).
 * On PostgreSQL each row keeps its writing transaction's id, so readers can wait for older
 * transactions instead of skipping their rows.
 */
export function domainEvents(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const postgres = dialect === 'postgres';
      await db.schema
        .createTable('domain_events')
        .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('tx', 'bigint', (c) => c.notNull().defaultTo(postgres ? sql`(pg_current_xact_id()::text::bigint)` : 0))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'text')
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // SQLite reads in id order (its rowid): no index beside it, so an event costs the commit one
      // page more at most. PostgreSQL reads in (tx, id) order.
      if (postgres) await db.schema.createIndex('domain_events_order').on('domain_events').columns(['tx', 'id']).execute();
      await db.schema
        .createTable('event_positions')
        .addColumn('subscriber', 'text', (c) => c.primaryKey())
        .addColumn('tx', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
