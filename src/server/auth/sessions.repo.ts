import type { Db } from '../db/database.ts';
import { PROFILE_SELECTION, type ProfileRow } from '../users/viewer-profile.repo.ts';
import type { Session, User } from '../db/schema/accounts.ts';
import type { Flag } from '../db/schema/flag.ts';

export type NewSession = {
  idHash: string;
  userId: string;
  csrfSecret: string;
  limitedLogin: boolean;
  now: number;
  expiresAt: number;
  userAgent: string | null;
};

export async function insertSession(db: Db, s: NewSession): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id_hash: s.idHash,
      user_id: s.userId,
      csrf_secret: s.csrfSecret,
      limited_login: s.limitedLogin ? 1 : 0,
      created_at: s.now,
      last_seen_at: s.now,
      expires_at: s.expiresAt,
      user_agent: s.userAgent,
    })
    .execute();
}

export type SessionWithUser = {
  session: Pick<Session, 'user_id' | 'csrf_secret' | 'limited_login' | 'last_seen_at' | 'expires_at'>;
  user: User;
  profile: ProfileRow;
};

/**
 * The session, its user and the user's profile in one read: every signed-in request needs the
 * first, most the second, and the viewer (the page bootstrap, /v3/users/me/) the third.
 */
export async function findSessionWithUser(db: Db, idHash: string): Promise<SessionWithUser | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('user_profiles as p', 'p.user_id', 'users.id')
    .selectAll('users')
    .select(['sessions.csrf_secret', 'sessions.limited_login', 'sessions.last_seen_at', 'sessions.expires_at'])
    .select(PROFILE_SELECTION)
    .where('sessions.id_hash', '=', idHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    csrf_secret,
    limited_login,
    last_seen_at,
    expires_at,
    website_url,
    image_media_id,
    board_count,
    secret_board_count,
    pin_count,
    group_board_count,
    verified_website_count,
    is_private_profile,
    write_banned,
    suspended,
    parental_passcode_count,
    ...user
  } = row;
  return {
    session: { user_id: user.id, csrf_secret, limited_login, last_seen_at, expires_at },
    user,
    profile: {
      website_url,
      image_media_id,
      board_count,
      secret_board_count,
      pin_count,
      group_board_count,
      verified_website_count,
      is_private_profile,
      write_banned,
      suspended,
      parental_passcode_count,
    },
  };
}

export async function extendSession(db: Db, idHash: string, now: number, expiresAt: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now, expires_at: expiresAt }).where('id_hash', '=', idHash).execute();
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

export async function deleteOtherSessions(db: Db, userId: string, keepIdHash: string | null): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepIdHash) query = query.where('id_hash', '!=', keepIdHash);
  await query.execute();
}

export async function clearLimitedLogin(db: Db, userId: string): Promise<void> {
  await db.updateTable('sessions').set({ limited_login: 0 }).where('user_id', '=', userId).execute();
}

/** Marks `userId` as the account signed in on this browser; the others stay listed, signed out. */
export async function recordBrowserLogin(db: Db, browserHash: string, userId: string, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('browser_accounts').set({ logged_in: 0 }).where('browser_hash', '=', browserHash).execute();
    await trx
      .insertInto('browser_accounts')
      .values({ browser_hash: browserHash, user_id: userId, logged_in: 1, last_login_at: now })
      .onConflict((oc) => oc.columns(['browser_hash', 'user_id']).doUpdateSet({ logged_in: 1, last_login_at: now }))
      .execute();
  });
}

export async function markBrowserLoggedOut(db: Db, browserHash: string, userId: string): Promise<void> {
  await db.updateTable('browser_accounts').set({ logged_in: 0 }).where('browser_hash', '=', browserHash).where('user_id', '=', userId).execute();
}

export type BrowserAccountRow = {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  logged_in: Flag;
};

export async function listBrowserAccounts(db: Db, browserHash: string): Promise<BrowserAccountRow[]> {
  return db
    .selectFrom('browser_accounts')
    .innerJoin('users', 'users.id', 'browser_accounts.user_id')
    .select(['users.id', 'users.username', 'users.first_name', 'users.last_name', 'users.email', 'browser_accounts.logged_in'])
    .where('browser_accounts.browser_hash', '=', browserHash)
    .orderBy('browser_accounts.last_login_at', 'desc')
    .orderBy('users.id')
    .limit(50)
    .execute();
}

/** Signed-out accounts not used on the browser for a long time drop off its list. */
export async function pruneBrowserAccounts(db: Db, browserHash: string, olderThan: number): Promise<void> {
  await db.deleteFrom('browser_accounts').where('browser_hash', '=', browserHash).where('logged_in', '=', 0).where('last_login_at', '<', olderThan).execute();
}

export type AccountSessionRow = Pick<Session, 'id_hash' | 'user_agent' | 'created_at' | 'last_seen_at'>;

/** The account's live sessions, the most recently active first (the sessions settings list). */
export async function listLiveSessions(db: Db, userId: string, now: number): Promise<AccountSessionRow[]> {
  return db
    .selectFrom('sessions')
    .select(['id_hash', 'user_agent', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id_hash')
    .limit(200)
    .execute();
}

/** Ends one session of the account; false when it is not (or no longer) the account's. */
export async function deleteSessionOf(db: Db, userId: string, idHash: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id_hash', '=', idHash).executeTakeFirst();
  return result.numDeletedRows === 1n;
}
