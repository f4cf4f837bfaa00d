import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * `column + delta`, never below 0 (the spec's floor for every counter). Written as CASE so the
 * same SQL runs on SQLite and PostgreSQL, and as one statement so concurrent changes add up.
 */
export function floorAdd(column: string, delta: number): RawBuilder<number> {
  const ref = sql.ref(column);
  return sql<number>`case when ${ref} + ${delta} < 0 then 0 else ${ref} + ${delta} end`;
}

/**
 * The SET part of a counter update from {column: delta}, leaving out zero deltas. `table` qualifies
 * the columns read, which an upsert's update needs on PostgreSQL (the inserted row shares the names).
 */
export function counterChanges<K extends string>(deltas: Partial<Record<K, number>>, table?: string): Partial<Record<K, RawBuilder<number>>> {
  const out: Partial<Record<K, RawBuilder<number>>> = {};
  for (const key of Object.keys(deltas) as K[]) {
    const delta = deltas[key];
    if (delta) out[key] = floorAdd(table ? `${table}.${key}` : key, delta);
  }
  return out;
}

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
