import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The saves of one member in the home feed's order, (created_at, id) newest first: with the id
 * in the index, a page of a followed person's saves is read in order and stops at its limit,
 * instead of sorting every save they ever made (docs/decisions/0022-home-feed.md).
 */
export function savesBySaver(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('board_pins_saver_feed').on('board_pins').columns(['saved_by', 'created_at', 'id']).execute();
      await db.schema.dropIndex('board_pins_saved_by').execute();
    },
  };
}
