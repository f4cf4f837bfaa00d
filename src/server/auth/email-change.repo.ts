import type { Db } from '../db/database.ts';

export async function insertEmailChange(
  db: Db,
  change: { tokenHash: string; userId: string; newEmail: string; oldEmail: string; now: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('email_changes')
    .values({
      token_hash: change.tokenHash,
      user_id: change.userId,
      new_email: change.newEmail,
      old_email: change.oldEmail,
      expires_at: change.expiresAt,
      used_at: null,
      created_at: change.now,
    })
    .execute();
}

/** Ends every live change of an account: only the newest link asked for works. */
export async function spendEmailChangesOf(db: Db, userId: string, now: number): Promise<void> {
  await db.updateTable('email_changes').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/**
 * Spends a live change and answers it. One conditional update, so of two requests racing with the
 * same link exactly one wins.
 */
export async function consumeEmailChange(
  db: Db,
  tokenHash: string,
  now: number,
): Promise<{ user_id: string; new_email: string; old_email: string } | undefined> {
  return db
    .updateTable('email_changes')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'new_email', 'old_email'])
    .executeTakeFirst();
}

/** The new address and its proof: the link reached it, so it counts as verified. */
export async function setVerifiedEmail(db: Db, userId: string, oldEmail: string, newEmail: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email: newEmail, email_verified_at: now, updated_at: now })
    .where('id', '=', userId)
    .where('email', '=', oldEmail)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
