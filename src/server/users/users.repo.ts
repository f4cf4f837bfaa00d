import type { Db } from '../db/database.ts';
import type { NewUser, User } from '../db/schema/accounts.ts';

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Emails and usernames are stored lowercased, so these lookups are exact. */
export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUserByUsername(db: Db, username: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

/** Which of the candidate usernames are already taken. */
export async function takenUsernames(db: Db, candidates: readonly string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows = await db.selectFrom('users').select('username').where('username', 'in', candidates).execute();
  return new Set(rows.map((r) => r.username));
}

export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

/** A new first or last name (an absent one stays). */
export async function renameUser(
  trx: Db,
  userId: string,
  names: { first_name?: string | undefined; last_name?: string | undefined },
  now: number,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      ...(names.first_name !== undefined ? { first_name: names.first_name } : {}),
      ...(names.last_name !== undefined ? { last_name: names.last_name } : {}),
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string, now: number): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute();
}

export async function markEmailVerified(db: Db, userId: string, now: number): Promise<void> {
  await db.updateTable('users').set({ email_verified_at: now, updated_at: now }).where('id', '=', userId).where('email_verified_at', 'is', null).execute();
}

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

/** Which unique column a failed insert collided with, on SQLite or PostgreSQL; null if none. */
export function uniqueViolation(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const pg = error as Error & { code?: string; constraint?: string };
  if (pg.code === '23505') return pg.constraint ?? '';
  const match = /UNIQUE constraint failed: ([\w.]+)/.exec(error.message);
  return match ? (match[1] ?? '') : null;
}
