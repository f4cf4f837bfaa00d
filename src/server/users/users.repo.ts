import type { Db } from '../db/database.ts';
import type { NewUser, User } from '../db/schema/accounts.ts';
import type { Flag } from '../db/schema/flag.ts';
import type { CookieFlags } from '../../shared/contracts/users.ts';

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Some account's id, if the database has any (the demo world fills only an empty database). */
export async function anyUserId(db: Db): Promise<string | undefined> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst())?.id;
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

export async function setCookieFlags(db: Db, userId: string, flags: CookieFlags, now: number): Promise<void> {
  const flag = (value: boolean): Flag => (value ? 1 : 0);
  await db
    .updateTable('users')
    .set({
      allow_personalization_cookies: flag(flags.allow_personalization_cookies),
      allow_analytic_cookies: flag(flags.allow_analytic_cookies),
      allow_marketing_cookies: flag(flags.allow_marketing_cookies),
      cookie_consent_at: now,
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

export async function markEmailVerified(db: Db, userId: string, now: number): Promise<void> {
  await db.updateTable('users').set({ email_verified_at: now, updated_at: now }).where('id', '=', userId).where('email_verified_at', 'is', null).execute();
}

/** Which unique column a failed insert collided with, on SQLite or PostgreSQL; null if none. */
export function uniqueViolation(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const pg = error as Error & { code?: string; constraint?: string };
  if (pg.code === '23505') return pg.constraint ?? '';
  const match = /UNIQUE constraint failed: ([\w.]+)/.exec(error.message);
  return match ? (match[1] ?? '') : null;
}
