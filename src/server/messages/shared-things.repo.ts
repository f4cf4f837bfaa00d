import type { Db } from '../db/database.ts';

export async function userExists(db: Db, userId: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

/** The pin a tried-it is on, if the tried-it exists. */
export async function didItPin(db: Db, didItId: string): Promise<string | undefined> {
  return (await db.selectFrom('did_its').select('pin_id').where('id', '=', didItId).executeTakeFirst())?.pin_id;
}
