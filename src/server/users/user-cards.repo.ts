import type { Db } from '../db/database.ts';

/** What a user card shows of each user: names, follower count and profile picture. */
export async function userCardRows(db: Db, ids: readonly string[]) {
  return db
    .selectFrom('users')
    .leftJoin('user_profiles', 'user_profiles.user_id', 'users.id')
    .select(['users.id', 'users.username', 'users.first_name', 'users.last_name', 'user_profiles.follower_count', 'user_profiles.image_media_id'])
    .where('users.id', 'in', [...ids])
    .execute();
}

/** Whom among `ids` the user follows. */
export async function followeesAmong(db: Db, userId: string, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('user_follows')
    .select('followee_id')
    .where('follower_id', '=', userId)
    .where('followee_id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.followee_id));
}

/** Whom among `ids` the user blocked. */
export async function blockedAmong(db: Db, userId: string, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('blocks')
    .select('blocked_id')
    .where('blocker_id', '=', userId)
    .where('blocked_id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.blocked_id));
}
