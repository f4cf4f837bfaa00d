import type { Db } from '../db/database.ts';
import type { StoryPinRow } from '../db/schema/stories-and-reactions.ts';

/** Story pins: their stored pages and the media those pages show. */

/** A story's pages and the media they show; call in the pin's own transaction. */
export async function insertStoryPin(db: Db, row: StoryPinRow, mediaIds: readonly string[]): Promise<void> {
  await db.insertInto('story_pins').values(row).execute();
  if (mediaIds.length > 0)
    await db
      .insertInto('story_pin_media')
      .values(mediaIds.map((media_id) => ({ pin_id: row.pin_id, media_id })))
      .execute();
}

export async function storyPinRows(db: Db, pinIds: readonly string[]): Promise<StoryPinRow[]> {
  if (pinIds.length === 0) return [];
  return db
    .selectFrom('story_pins')
    .selectAll()
    .where('pin_id', 'in', [...pinIds])
    .execute();
}

/** The stored pages of the story pins among `pinIds`. */
export async function storyPagesOf(db: Db, pinIds: readonly string[]): Promise<{ pin_id: string; pages: string }[]> {
  if (pinIds.length === 0) return [];
  return db
    .selectFrom('story_pins')
    .select(['pin_id', 'pages'])
    .where('pin_id', 'in', [...pinIds])
    .execute();
}

/** Which of these pins are story pins. */
export async function storyPinIdsAmong(db: Db, pinIds: readonly string[]): Promise<Set<string>> {
  if (pinIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('story_pins')
    .select('pin_id')
    .where('pin_id', 'in', [...pinIds])
    .execute();
  return new Set(rows.map((r) => r.pin_id));
}
