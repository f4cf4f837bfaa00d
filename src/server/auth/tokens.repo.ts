import type { Db } from '../db/database.ts';
import type { OneTimeTokensTable, PersonalAccessTokensTable } from '../db/schema/accounts.ts';

type Purpose = OneTimeTokensTable['purpose'];

export async function insertOneTimeToken(db: Db, token: { hash: string; userId: string; purpose: Purpose; now: number; expiresAt: number }): Promise<void> {
  await db
    .insertInto('one_time_tokens')
    .values({
      token_hash: token.hash,
      user_id: token.userId,
      purpose: token.purpose,
      expires_at: token.expiresAt,
      used_at: null,
      created_at: token.now,
    })
    .execute();
}

/** The owner of a live token, without spending it. */
export async function peekOneTimeToken(db: Db, hash: string, purpose: Purpose, now: number): Promise<string | null> {
  const row = await db
    .selectFrom('one_time_tokens')
    .select('user_id')
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * Spends a live token and answers its owner. One conditional update, so of two requests
 * racing with the same token exactly one wins.
 */
export async function consumeOneTimeToken(db: Db, hash: string, purpose: Purpose, now: number): Promise<string | null> {
  const row = await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Spends every live token of an account for `purpose`: a reset ends the other links mailed before it. */
export async function spendOneTimeTokensOf(db: Db, userId: string, purpose: Purpose, now: number): Promise<void> {
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export type PatRow = Pick<PersonalAccessTokensTable, 'id' | 'name' | 'scopes' | 'created_at' | 'last_used_at'>;

export async function insertPat(db: Db, pat: PersonalAccessTokensTable): Promise<void> {
  await db.insertInto('personal_access_tokens').values(pat).execute();
}

export async function listActivePats(db: Db, userId: string): Promise<PatRow[]> {
  return db
    .selectFrom('personal_access_tokens')
    .select(['id', 'name', 'scopes', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function countActivePats(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('personal_access_tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function revokePat(db: Db, userId: string, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('personal_access_tokens')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function findActivePatByHash(db: Db, hash: string) {
  return db
    .selectFrom('personal_access_tokens')
    .select(['id', 'user_id', 'scopes', 'last_used_at'])
    .where('token_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function touchPat(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('personal_access_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
}

/** A live token by id: what an upload registered with it acts as (media/registration.service.ts). */
export async function findActivePatById(db: Db, id: string) {
  return db.selectFrom('personal_access_tokens').select(['id', 'user_id', 'scopes']).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
}

/** Revokes every live token of the account (its deletion). */
export async function revokeAllPats(db: Db, userId: string, now: number): Promise<void> {
  await db.updateTable('personal_access_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
