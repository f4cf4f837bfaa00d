import type { Db } from '../db/database.ts';

/** The business side of an account row: its type (users.is_partner) and business name. */

export async function renameBusiness(db: Db, userId: string, fields: { name: string; username: string; country: string }, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ business_name: fields.name, first_name: fields.name, username: fields.username, country: fields.country, updated_at: now })
    .where('id', '=', userId)
    .execute();
}
