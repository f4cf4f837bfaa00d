import { counterChanges } from '../db/counters.ts';
import type { Db } from '../db/database.ts';
import type { Interest } from '../db/schema/boards-and-pins.ts';

export async function findInterestById(db: Db, id: string): Promise<Interest | undefined> {
  return db.selectFrom('interests').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findInterestBySlug(db: Db, slug: string): Promise<Interest | undefined> {
  return db.selectFrom('interests').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function interestsByIds(db: Db, ids: readonly string[]): Promise<Interest[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('interests')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** Adds the topic unless one has its slug. */
export async function insertInterestIfNew(db: Db, topic: { id: string; name: string; slug: string; now: number }): Promise<void> {
  await db
    .insertInto('interests')
    .values({ id: topic.id, name: topic.name, slug: topic.slug, created_at: topic.now })
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
}

/** Which of these topics the user follows. */
export async function followedInterestIds(db: Db, userId: string, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('interest_follows')
    .select('interest_id')
    .where('user_id', '=', userId)
    .where('interest_id', 'in', [...ids])
    .execute();
  return new Set(rows.map((f) => f.interest_id));
}

/** Inserts the follow if new; answers whether it was. */
export async function insertInterestFollow(db: Db, userId: string, interestId: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('interest_follows')
    .values({ user_id: userId, interest_id: interestId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'interest_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Deletes the follow if it exists; answers whether it did. */
export async function deleteInterestFollow(db: Db, userId: string, interestId: string): Promise<boolean> {
  const result = await db.deleteFrom('interest_follows').where('user_id', '=', userId).where('interest_id', '=', interestId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function adjustInterestFollowers(db: Db, interestId: string, delta: number): Promise<void> {
  await db
    .updateTable('interests')
    .set(counterChanges({ follower_count: delta }))
    .where('id', '=', interestId)
    .execute();
}
