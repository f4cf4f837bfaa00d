import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * How often each video pin was watched (the spec's seoViewCount). A table of its own rather than a
 * column of `pins`: a view is not a change of the pin, so it must not make every visitor page
 * stale (it is a bookkeeping table for the write clock, docs/decisions/0016-visitor-cache.md).
 */
export function videoViews(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('pin_video_views')
        .addColumn('pin_id', 'text', (c) => c.primaryKey().references('pins.id').onDelete('cascade'))
        .addColumn('view_count', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
