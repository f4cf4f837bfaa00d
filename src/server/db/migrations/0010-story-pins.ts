import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Story pins (docs/decisions/0027-story-pins.md): a story's pages are one JSON document beside its
 * pin, parsed with the shared schema (src/shared/story-pin.ts); the media its pages show are rows,
 * so a media file's visibility is one indexed lookup, as for a pin's own picture.
 */
export function storyPins(): Migration {
  const bigint = 'bigint' as const;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('story_pins')
        // The spec's storyPinDataId.
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('pin_id', 'text', (c) => c.notNull().unique().references('pins.id').onDelete('cascade'))
        .addColumn('pages', 'text', (c) => c.notNull())
        .addColumn('metadata', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('story_pin_media')
        .addColumn('pin_id', 'text', (c) => c.notNull().references('pins.id').onDelete('cascade'))
        .addColumn('media_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('story_pin_media_pk', ['pin_id', 'media_id'])
        .execute();
      await db.schema.createIndex('story_pin_media_media').on('story_pin_media').columns(['media_id', 'pin_id']).execute();
    },
  };
}
