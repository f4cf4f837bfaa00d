import type { Db } from '../db/database.ts';
import type { ParentalPasscodesTable } from '../db/schema/account-security.ts';

export type PasscodeRow = Pick<ParentalPasscodesTable, 'passcode_hash' | 'backup_email'>;

export async function findPasscode(db: Db, userId: string): Promise<PasscodeRow | undefined> {
  return db.selectFrom('parental_passcodes').select(['passcode_hash', 'backup_email']).where('user_id', '=', userId).executeTakeFirst();
}

export async function upsertPasscode(db: Db, userId: string, passcodeHash: string, now: number): Promise<void> {
  await db
    .insertInto('parental_passcodes')
    .values({ user_id: userId, passcode_hash: passcodeHash, backup_email: null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ passcode_hash: passcodeHash, updated_at: now }))
    .execute();
}

export async function updateBackupEmail(db: Db, userId: string, backupEmail: string, now: number): Promise<void> {
  await db.updateTable('parental_passcodes').set({ backup_email: backupEmail, updated_at: now }).where('user_id', '=', userId).execute();
}

export async function deletePasscode(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('parental_passcodes').where('user_id', '=', userId).execute();
}

/** Whether the account has a passcode: the viewer's parental-control flag. */
export async function hasPasscode(db: Db, userId: string): Promise<boolean> {
  return (await db.selectFrom('parental_passcodes').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}
