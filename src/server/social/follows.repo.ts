import { sql } from 'kysely';
import type { Reader } from '../access/authorized.ts';
import { notBlocked } from '../access/visibility.repo.ts';
import type { Db } from '../db/database.ts';

/** The users among `ids` that exist with no block between them and the reader, either way. */
export async function unblockedUserIds(db: Db, reader: Reader, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('users.id', 'in', [...ids])
    .where(notBlocked(reader, sql.ref('users.id')))
    .execute();
  return rows.map((r) => r.id);
}

/** Inserts the follow if new; answers whether it was. */
export async function insertUserFollow(db: Db, followerId: string, followeeId: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('user_follows')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: now })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Deletes the follow if it exists; answers whether it did. */
export async function deleteUserFollow(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  const result = await db.deleteFrom('user_follows').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
