import { sql } from 'kysely';
import type { Reader } from '../access/authorized.ts';
import { shownPins } from '../access/visibility.repo.ts';
import type { Cursor } from '../common/bookmark.ts';
import type { Db } from '../db/database.ts';
import { afterCursor } from '../db/keyset.ts';
import type { Pin, PinKind } from '../db/schema/boards-and-pins.ts';

export type CreatedPinsQuery = {
  kinds?: readonly PinKind[] | undefined;
  storiesOnly?: boolean | undefined;
  after: Cursor | null;
  limit: number;
};

/** The pins a user created that the reader may see, newest first, after the cursor. */
export async function pinsCreatedBy(db: Db, reader: Reader, creatorId: string, q: CreatedPinsQuery): Promise<Pin[]> {
  let rows = db.selectFrom('pins').selectAll().where('pins.creator_id', '=', creatorId).where(shownPins(reader));
  if (q.kinds) rows = rows.where('pins.kind', 'in', [...q.kinds]);
  if (q.storiesOnly) rows = rows.where((eb) => eb.exists(eb.selectFrom('story_pins').select('story_pins.id').whereRef('story_pins.pin_id', '=', 'pins.id')));
  if (q.after) rows = rows.where(afterCursor(sql.ref('pins.created_at'), sql.ref('pins.id'), q.after, 'desc'));
  return rows.orderBy('pins.created_at', 'desc').orderBy('pins.id', 'desc').limit(q.limit).execute();
}

/** The profile's pins were seen whole again: the stale mark goes. */
export async function clearProfilePinsStale(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('user_profiles')
    .set({ profile_pins_stale_at: null })
    .where('user_id', '=', userId)
    .where('profile_pins_stale_at', 'is not', null)
    .execute();
}
