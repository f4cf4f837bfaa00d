import type { Db } from '../db/database.ts';

/* The two-factor columns of the account row: written only by login and the MFA settings. */

/**
 * Records the TOTP step just used, only if it is later than the last one: false means the
 * code (or an earlier one) was already spent.
 */
export async function claimMfaStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ mfa_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('mfa_last_step', 'is', null), eb('mfa_last_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Turns two-factor authentication on with a confirmed secret, the confirming code's step marked
 * used. Only if it is off: of two setups confirmed at once, one wins. False when it was already on.
 */
export async function enableMfa(db: Db, userId: string, secret: string, step: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ mfa_secret: secret, mfa_last_step: step, updated_at: now })
    .where('id', '=', userId)
    .where('mfa_secret', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Turns two-factor authentication off, if `secret` is still the account's (not replaced meanwhile). */
export async function disableMfa(db: Db, userId: string, secret: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ mfa_secret: null, mfa_last_step: null, updated_at: now })
    .where('id', '=', userId)
    .where('mfa_secret', '=', secret)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Replaces every recovery code of the account with these hashes (a new set voids the old one). */
export async function replaceRecoveryCodes(db: Db, userId: string, hashes: readonly string[], now: number): Promise<void> {
  await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('mfa_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now, used_at: null })))
    .execute();
}

export async function deleteRecoveryCodes(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
}

/** Spends an unspent code: one conditional update, so of two sign-ins with one code only one wins. */
export async function spendRecoveryCode(db: Db, userId: string, hash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('mfa_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function countUnspentRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('mfa_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
