import { sql } from 'kysely';
import type { Reader } from '../access/authorized.ts';
import { notBlocked, visibleBoards, visiblePins } from '../access/visibility.repo.ts';
import type { Db } from '../db/database.ts';

/** Who among `userIds` saved which of `pinIds` on a board the reader may see, unless a block stands between them. */
export async function saversOfPins(db: Db, reader: Reader, pinIds: readonly string[], userIds: readonly string[]) {
  return db
    .selectFrom('board_pins as bp')
    .innerJoin('boards', 'boards.id', 'bp.board_id')
    .innerJoin('users', 'users.id', 'bp.saved_by')
    .select(['bp.pin_id', 'users.id', 'users.username', 'users.first_name', 'users.last_name'])
    .where('bp.pin_id', 'in', [...new Set(pinIds)])
    .where('bp.saved_by', 'in', [...new Set(userIds)])
    .where(visibleBoards(reader))
    .where(notBlocked(reader, sql.ref('users.id')))
    .execute();
}

/** The titles of the pins among `ids` the reader may see. */
export async function visiblePinTitles(db: Db, reader: Reader, ids: readonly string[]): Promise<{ id: string; title: string }[]> {
  return db
    .selectFrom('pins')
    .select(['pins.id', 'pins.title'])
    .where('pins.id', 'in', [...new Set(ids)])
    .where(visiblePins(reader))
    .execute();
}
