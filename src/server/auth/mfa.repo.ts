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
