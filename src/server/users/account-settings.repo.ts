import type { Db } from '../db/database.ts';
import type { UsersTable } from '../db/schema/accounts.ts';

export type AccountFields = Partial<
  Pick<
    UsersTable,
    | 'username'
    | 'email'
    | 'country'
    | 'locale'
    | 'gender'
    | 'custom_gender'
    | 'allow_personalization_cookies'
    | 'allow_analytic_cookies'
    | 'allow_marketing_cookies'
  >
>;

/** The account columns the settings areas change; the unique indexes decide who gets a name or an address. */
export async function updateAccountFields(db: Db, userId: string, fields: AccountFields, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...fields, updated_at: now })
    .where('id', '=', userId)
    .execute();
}
