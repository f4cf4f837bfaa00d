import type { Db } from '../db/database.ts';
import type { UserProfile } from '../db/schema/boards-and-pins.ts';

export async function findProfile(db: Db, userId: string): Promise<UserProfile | undefined> {
  return db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The texts and picture of a profile (its counters move through profile-counters.repo.ts). */
export type ProfileRowChanges = { about?: string; website_url?: string | null; image_media_id?: string | null };

export async function updateProfileRow(db: Db, userId: string, changes: ProfileRowChanges, now: number): Promise<void> {
  await db
    .updateTable('user_profiles')
    .set({ ...changes, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

/** The user's newest save, if any. */
export async function lastSaveIdOf(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('board_pins')
    .select('id')
    .where('saved_by', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** The boards the user saved to most recently, newest first. */
export async function recentlySavedBoardIds(db: Db, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('board_pins')
    .select(['board_id', (eb) => eb.fn.max('created_at').as('saved_at')])
    .where('saved_by', '=', userId)
    .groupBy('board_id')
    .orderBy('saved_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.board_id);
}
