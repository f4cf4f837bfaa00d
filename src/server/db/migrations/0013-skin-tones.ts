import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The skin tone range each picture shows (src/server/media/skin-tone.ts), kept with the media as
 * its other analysis is: one of the ranges, 'none', or NULL while not analysed yet. Media made
 * before this migration are analysed from their stored 236x copy by a job
 * (media/skin-tone-backfill.ts), found through a partial index that empties as it works
 * (docs/decisions/0028-skin-tone-filters.md).
 */
export function skinTones(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('media').addColumn('skin_tone', 'text').execute();
      await sql`CREATE INDEX media_skin_tone_missing ON media (id) WHERE skin_tone IS NULL AND status = 'ready'`.execute(db);
    },
  };
}
