import type { Db } from '../db/database.ts';
import type { UserNuxTable } from '../db/schema/accounts.ts';
import type { Selectable } from 'kysely';

export type NuxRow = Selectable<UserNuxTable>;

export async function insertNux(db: Db, userId: string, now: number): Promise<void> {
  await db
    .insertInto('user_nux')
    .values({ user_id: userId, step: 'welcome', completed_at: null, first_home_feed_pending: 0, created_at: now, updated_at: now })
    .execute();
}

export async function findNux(db: Db, userId: string): Promise<NuxRow | undefined> {
  return db.selectFrom('user_nux').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function moveNux(db: Db, userId: string, step: string, now: number): Promise<void> {
  await db.updateTable('user_nux').set({ step, updated_at: now }).where('user_id', '=', userId).execute();
}

export async function completeNux(db: Db, userId: string, now: number): Promise<void> {
  await db.updateTable('user_nux').set({ completed_at: now, first_home_feed_pending: 1, updated_at: now }).where('user_id', '=', userId).execute();
}

/** Clears the first-feed mark; answers whether it was set, so only one request takes it. */
export async function takeFirstHomeFeed(db: Db, userId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('user_nux')
    .set({ first_home_feed_pending: 0, updated_at: now })
    .where('user_id', '=', userId)
    .where('first_home_feed_pending', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setCountryAndLocale(db: Db, userId: string, country: string, locale: string, now: number): Promise<void> {
  await db.updateTable('users').set({ country, locale, updated_at: now }).where('id', '=', userId).execute();
}

export async function setGender(db: Db, userId: string, gender: string | null, customGender: string | null, now: number): Promise<void> {
  await db.updateTable('users').set({ gender, custom_gender: customGender, updated_at: now }).where('id', '=', userId).execute();
}
