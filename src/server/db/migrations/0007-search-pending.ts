import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Pins whose search document is behind a save, unsave or move: the job brings them up to date
 * after the commit, so the save itself does not rebuild a document. Unlike a stale pin, a pending
 * one is still found meanwhile, by what its document said (docs/decisions/0018-search.md).
 */
export function searchPending(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('search_pending_pins')
        .addColumn('pin_id', 'text', (c) => c.primaryKey().references('pins.id').onDelete('cascade'))
        .addColumn('marked_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
