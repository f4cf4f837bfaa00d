import type { Db } from '../db/database.ts';

/** Every topic the member follows, oldest follow first (the order they were picked). */
export async function followedInterestIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('interest_follows')
    .select('interest_id')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('interest_id')
    .execute();
  return rows.map((r) => r.interest_id);
}

/** How many topics the instance has: a new one with fewer than the minimum asks for all of them. */
export async function topicCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('interests')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
