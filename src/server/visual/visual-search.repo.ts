import type { Db } from '../db/database.ts';
import type { Pin } from '../db/schema/boards-and-pins.ts';
import type { Reader } from '../access/authorized.ts';
import { listablePins, visiblePins } from '../access/visibility.repo.ts';

/** What a visual search reads besides its index: the searched picture, the reader's candidates, the topics. */

/** A picture's state and its stored sizes (JSON), the crop's source. */
export async function mediaOfCrop(db: Db, mediaId: string): Promise<{ kind: string; status: string; images: string | null } | undefined> {
  return db.selectFrom('media').select(['kind', 'status', 'images']).where('id', '=', mediaId).executeTakeFirst();
}

export type TopicRow = { id: string; name: string; slug: string };

export async function topicById(db: Db, id: string): Promise<TopicRow | undefined> {
  return db.selectFrom('interests').select(['id', 'name', 'slug']).where('id', '=', id).executeTakeFirst();
}

/** The most followed topics, the shopping categories' candidates. */
export async function mostFollowedTopics(db: Db, limit: number): Promise<TopicRow[]> {
  return db.selectFrom('interests').select(['id', 'name', 'slug']).orderBy('follower_count', 'desc').orderBy('id').limit(limit).execute();
}

/** The pins among `ids` the reader may see in a list: the pin policy (privacy, blocks, deleted, hidden by them), no unsafe pin. */
function listableAmong(db: Db, reader: Reader, ids: readonly string[]) {
  return db
    .selectFrom('pins')
    .where('pins.id', 'in', [...ids])
    .where(visiblePins(reader))
    .where(listablePins(reader))
    .where('pins.is_unsafe', '=', 0);
}

export async function listablePinRows(db: Db, reader: Reader, ids: readonly string[]): Promise<Pin[]> {
  if (ids.length === 0) return [];
  return listableAmong(db, reader, ids).selectAll('pins').execute();
}

export type ProductPinRow = Pin & { rich_metadata: string | null; terms: string | null };

/** The same with what a product's facts are read from: its source page's metadata and its search terms. */
export async function listableProductRows(db: Db, reader: Reader, ids: readonly string[]): Promise<ProductPinRow[]> {
  if (ids.length === 0) return [];
  return listableAmong(db, reader, ids)
    .leftJoin('pin_sources', 'pin_sources.pin_id', 'pins.id')
    .leftJoin('search_pins', 'search_pins.pin_id', 'pins.id')
    .selectAll('pins')
    .select(['pin_sources.rich_metadata', 'search_pins.terms'])
    .execute();
}
