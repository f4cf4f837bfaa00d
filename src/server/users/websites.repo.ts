import type { Db } from '../db/database.ts';
import type { UserWebsite } from '../db/schema/pin-sources.ts';

/** The member's verification code, made on the first read and kept (a tag once placed stays valid). */
export async function verificationCodeOf(db: Db, userId: string, newCode: string, now: number): Promise<string> {
  await db
    .insertInto('site_verification_codes')
    .values({ user_id: userId, code: newCode, created_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const { code } = await db.selectFrom('site_verification_codes').select('code').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return code;
}

/** A verified website; verifying it again refreshes its time and address. */
export async function upsertWebsite(db: Db, row: UserWebsite): Promise<void> {
  await db
    .insertInto('user_websites')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'website']).doUpdateSet({ url: row.url, domain: row.domain, verified_at: row.verified_at }))
    .execute();
}

/** Whether the website was on the member's list. */
export async function deleteWebsite(db: Db, userId: string, website: string): Promise<boolean> {
  const removed = await db.deleteFrom('user_websites').where('user_id', '=', userId).where('website', '=', website).executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/** A member's verified websites, most recently verified first. */
export async function verifiedWebsites(db: Db, userId: string): Promise<UserWebsite[]> {
  return db.selectFrom('user_websites').selectAll().where('user_id', '=', userId).orderBy('verified_at', 'desc').orderBy('website').execute();
}
