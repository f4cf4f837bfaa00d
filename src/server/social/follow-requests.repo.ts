import type { Db } from '../db/database.ts';

/** Inserts the request if new; answers whether it was. */
export async function insertFollowRequest(db: Db, requesterId: string, ownerId: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('follow_requests')
    .values({ requester_id: requesterId, owner_id: ownerId, created_at: now })
    .onConflict((oc) => oc.columns(['requester_id', 'owner_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Deletes the request if it exists; answers whether it did. */
export async function deleteFollowRequest(db: Db, requesterId: string, ownerId: string): Promise<boolean> {
  const result = await db.deleteFrom('follow_requests').where('requester_id', '=', requesterId).where('owner_id', '=', ownerId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function hasFollowRequest(db: Db, requesterId: string, ownerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('follow_requests')
    .select('owner_id')
    .where('requester_id', '=', requesterId)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The members waiting for `ownerId`'s answer, newest first, before a (time, id) position. */
export async function followRequestsTo(
  db: Db,
  ownerId: string,
  limit: number,
  before?: { at: number; id: string },
): Promise<{ user_id: string; created_at: number }[]> {
  let query = db.selectFrom('follow_requests').select(['requester_id as user_id', 'created_at']).where('owner_id', '=', ownerId);
  if (before) {
    query = query.where((eb) => eb.or([eb('created_at', '<', before.at), eb.and([eb('created_at', '=', before.at), eb('requester_id', '<', before.id)])]));
  }
  return query.orderBy('created_at', 'desc').orderBy('requester_id', 'desc').limit(limit).execute();
}
