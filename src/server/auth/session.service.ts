import { withoutControlCharacters } from '../../shared/validation/signup.ts';
import type { SessionAccount, Viewer } from '../../shared/viewer.ts';
import type { User } from '../db/schema/accounts.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findUserById } from '../users/users.repo.ts';
import { loadViewerOfUser } from '../users/viewer.ts';
import type { Actor } from '../access/actor.ts';
import { requireSession } from '../access/authorized.ts';
import { SESSION_TTL_MS } from './cookies.ts';
import { liveStoredSessions } from './session-accounts.service.ts';
import { consumeToken } from './handshake.ts';
import { SLIDE_EVERY_MS } from './resolve-actor.ts';
import { hashSecret, randomSecret } from '../common/secrets.ts';
import {
  deleteSession,
  extendSession,
  insertSession,
  listBrowserAccounts,
  markBrowserLoggedOut,
  pruneBrowserAccounts,
  recordBrowserLogin,
} from './sessions.repo.ts';

/**
 * Limited login (docs/decisions/0006): an account whose email is still unverified a week after
 * sign-up is signed in with limited rights until the address is verified.
 */
export const UNVERIFIED_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

export function isLimitedLogin(user: Pick<User, 'email_verified_at' | 'created_at'>, now: number): boolean {
  return user.email_verified_at === null && now - user.created_at > UNVERIFIED_GRACE_MS;
}

export type BrowserContext = {
  /** The session cookie the browser sent, if any: it is ended, so each sign-in gets a new id. */
  previousSessionId: string | undefined;
  /** The browser cookie, if any; a new one is made otherwise. */
  browserId: string | undefined;
  userAgent: string | undefined;
  /** Adding an account: a session of another member stays signed in, to switch back to. */
  addAccount?: boolean;
};

/** The new session's cookies, the viewer it signs in, and whether the session it replaced was kept (adding an account). */
export type NewSession = { sessionId: string; csrfSecret: string; browserId: string; viewer: Viewer; keptPrevious: boolean };

/**
 * HandshakeSessionResource create: trades a handshake token for a new session (single use). The
 * token is the proof: whoever holds it may sign in, whatever the browser was signed in as before.
 */
export async function createSessionFromHandshake(deps: Deps, actor: Actor, token: string, browser: BrowserContext): Promise<NewSession> {
  const now = Date.now();
  const userId = await consumeToken(deps, token, 'handshake', now);
  const user = userId ? await findUserById(deps.db, userId) : undefined;
  if (!user) throw new AppError('invalid_token', 'This sign-in has expired. Please log in again.');

  const sessionId = randomSecret();
  const csrfSecret = randomSecret();
  const limitedLogin = isLimitedLogin(user, now);
  const idHash = hashSecret(sessionId);
  const userAgent = browser.userAgent ? withoutControlCharacters(browser.userAgent).slice(0, 512) : null;
  await insertSession(deps.db, { idHash, userId: user.id, csrfSecret, limitedLogin, now, expiresAt: now + SESSION_TTL_MS, userAgent });
  const keptPrevious = browser.addAccount === true && actor.kind === 'member' && actor.userId !== user.id;
  if (browser.previousSessionId && !keptPrevious) await deleteSession(deps.db, hashSecret(browser.previousSessionId));

  const browserId = browser.browserId ?? randomSecret(16);
  await recordBrowserLogin(deps.db, hashSecret(browserId), user.id, now);
  return { sessionId, csrfSecret, browserId, keptPrevious, viewer: await loadViewerOfUser(deps, user, limitedLogin ? 'limited' : 'full') };
}

/** UserSessionResource delete: ends the session; a visitor logging out is already done. */
export async function logout(deps: Deps, actor: Actor, browserId: string | undefined): Promise<void> {
  if (actor.kind !== 'member') return;
  await deleteSession(deps.db, actor.sessionIdHash);
  if (browserId) await markBrowserLoggedOut(deps.db, hashSecret(browserId), actor.userId);
}

/** GET /refresh_token: a full new lifetime for the browser's session. */
export async function refreshSession(deps: Deps, actor: Actor): Promise<void> {
  const member = requireSession(actor);
  const now = Date.now();
  // Clients ask on every page load; a lifetime renewed within the hour needs no write.
  if (now + SESSION_TTL_MS - member.expiresAt < SLIDE_EVERY_MS) return;
  await extendSession(deps.db, member.sessionIdHash, now, now + SESSION_TTL_MS);
}

const FORGET_SIGNED_OUT_AFTER_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * UserSessionResource create {session_accounts} and GET /refresh_stored_accounts: the accounts
 * used on this browser, the signed-in one marked. Visitors may ask too: the list belongs to the
 * browser, and shows only what the login prompt would.
 */
export async function sessionAccounts(deps: Deps, actor: Actor, browserId: string | undefined, stored: readonly string[] = []): Promise<SessionAccount[]> {
  if (!browserId) return [];
  // Accounts waiting in this browser are signed in as much as the active one: one click away.
  const waiting = new Set((await liveStoredSessions(deps, stored, null)).map((w) => w.userId));
  const browserHash = hashSecret(browserId);
  await pruneBrowserAccounts(deps.db, browserHash, Date.now() - FORGET_SIGNED_OUT_AFTER_MS);
  const rows = await listBrowserAccounts(deps.db, browserHash);
  const current = actor.kind === 'visitor' ? null : actor.userId;
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    full_name: [row.first_name, row.last_name].filter(Boolean).join(' '),
    email: row.email,
    image_medium_url: null,
    image_large_url: null,
    logged_in: (row.logged_in === 1 && row.id === current) || waiting.has(row.id),
  }));
}
