import type { Db } from '../db/database.ts';
import { counterChanges } from '../db/counters.ts';

/**
 * The counters of the `user_profiles` row. Boards, pins and follows all move them, in the
 * transaction of their change, so they live with the row's owner, below those areas.
 */
export type ProfileCounter = 'pin_count' | 'secret_pin_count' | 'board_count' | 'secret_board_count' | 'follower_count' | 'following_count';

/** The profile row exists from the first change that needs it; sign-up (another area) does not make it. */
export async function ensureProfile(db: Db, userId: string, now: number): Promise<void> {
  await db
    .insertInto('user_profiles')
    .values({ user_id: userId, website_url: null, image_media_id: null, profile_pins_stale_at: null, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** One upsert: a user's first change makes the row with the counts floored at 0, later ones add to it. */
export async function adjustProfile(db: Db, userId: string, deltas: Partial<Record<ProfileCounter, number>>, now: number): Promise<void> {
  const changes = counterChanges(deltas, 'user_profiles');
  if (Object.keys(changes).length === 0) return;
  const initial = Object.fromEntries(Object.entries(deltas).map(([column, delta]) => [column, Math.max(0, delta)]));
  await db
    .insertInto('user_profiles')
    .values({ user_id: userId, website_url: null, image_media_id: null, profile_pins_stale_at: null, updated_at: now, ...initial })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...changes, updated_at: now }))
    .execute();
}

/** Pin and board deletions make the owner's profile pins stale until the owner reloads them. */
export async function markProfilePinsStale(db: Db, userIds: readonly string[], now: number): Promise<void> {
  for (const userId of new Set(userIds)) {
    await ensureProfile(db, userId, now);
    await db.updateTable('user_profiles').set({ profile_pins_stale_at: now, updated_at: now }).where('user_id', '=', userId).execute();
  }
}
