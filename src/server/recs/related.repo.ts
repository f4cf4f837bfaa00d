import type { Db } from '../db/database.ts';
import type { Pin } from '../db/schema/boards-and-pins.ts';
import type { Reader } from '../access/authorized.ts';
import { listablePins, visibleBoards, visiblePins } from '../access/visibility.repo.ts';

/** The pins among `ids` the reader may see in a feed: visible to them, not hidden by them, not unsafe. */
export async function listablePinsAmong(db: Db, reader: Reader, ids: readonly string[]): Promise<Pin[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('pins')
    .selectAll()
    .where('pins.id', 'in', [...ids])
    .where(visiblePins(reader))
    .where(listablePins(reader))
    .where('pins.is_unsafe', '=', 0)
    .execute();
}

export type BoardLinkRow = { id: string; name: string; slug: string; username: string };

/** The boards among `ids` the reader may see, with their owners' usernames (for their links). */
export async function visibleBoardLinks(db: Db, reader: Reader, ids: readonly string[]): Promise<BoardLinkRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('boards')
    .innerJoin('users', 'users.id', 'boards.owner_id')
    .select(['boards.id', 'boards.name', 'boards.slug', 'users.username'])
    .where('boards.id', 'in', [...ids])
    .where(visibleBoards(reader))
    .execute();
}
