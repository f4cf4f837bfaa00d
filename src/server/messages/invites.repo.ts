import type { Db } from '../db/database.ts';

/** The member's code for a channel, made once (a race keeps the first). */
export async function inviteCodeOf(db: Db, senderId: string, channel: number, fresh: string, now: number): Promise<string> {
  await db
    .insertInto('invite_codes')
    .values({ code: fresh, sender_id: senderId, channel, created_at: now })
    .onConflict((oc) => oc.columns(['sender_id', 'channel']).doNothing())
    .execute();
  const row = await db.selectFrom('invite_codes').select('code').where('sender_id', '=', senderId).where('channel', '=', channel).executeTakeFirstOrThrow();
  return row.code;
}

export async function inviteByCode(db: Db, code: string): Promise<{ sender_id: string; channel: number } | undefined> {
  return db.selectFrom('invite_codes').select(['sender_id', 'channel']).where('code', '=', code).executeTakeFirst();
}
