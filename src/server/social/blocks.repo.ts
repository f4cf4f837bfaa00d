import type { Db } from '../db/database.ts';

/** Inserts the block if new; answers whether it was. */
export async function insertBlock(db: Db, blockerId: string, blockedId: string, now: number): Promise<boolean> {
  const inserted = await db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: now })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Deletes the block if it exists; answers whether it did. */
export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const result = await db.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The users `blockerId` blocked, newest first, before a (time, id) position. */
export async function blockedBy(
  db: Db,
  blockerId: string,
  limit: number,
  before?: { at: number; id: string },
): Promise<{ user_id: string; created_at: number }[]> {
  let query = db.selectFrom('blocks').select(['blocked_id as user_id', 'created_at']).where('blocker_id', '=', blockerId);
  if (before) {
    query = query.where((eb) => eb.or([eb('created_at', '<', before.at), eb.and([eb('created_at', '=', before.at), eb('blocked_id', '<', before.id)])]));
  }
  return query.orderBy('created_at', 'desc').orderBy('blocked_id', 'desc').limit(limit).execute();
}
