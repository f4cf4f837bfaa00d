import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The search documents by the time they were indexed: each search reads those indexed after what
 * the node's postings cover, usually none (src/server/search/pin-postings-replica.ts,
 * docs/decisions/0026-search-stemming-and-scale.md).
 */
export function searchIndexedAt(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('search_pins_indexed_at').on('search_pins').column('indexed_at').execute();
    },
  };
}
