import type { Actor } from '../access/actor.ts';
import { requireSession } from '../access/authorized.ts';
import { hashSecret } from '../common/secrets.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { loadViewerOfUser } from '../users/viewer.ts';
import type { Viewer } from '../../shared/viewer.ts';
import { MAX_WAITING } from './cookies.ts';
import { resolveSession, type ResolvedSession } from './resolve-actor.ts';
import { recordBrowserLogin } from './sessions.repo.ts';

/**
 * Several accounts in one browser (viewer spec section 4: "Logged-in users may hold multiple
 * accounts"; docs/decisions/0041). The active account's session is the session cookie; the other
 * accounts' sessions wait in one more httpOnly cookie, so switching needs no password and each
 * account stays signed in until it logs out or its session expires.
 */

const SESSION_ID = /^[\w-]{16,128}$/;

/** The waiting sessions a cookie holds: ids of our shape only, at most the accounts a browser may hold besides the active one. */
export function parseStoredSessions(value: string | undefined): string[] {
  if (!value) return [];
  return [...new Set(value.split('.').filter((id) => SESSION_ID.test(id)))].slice(0, MAX_WAITING);
}

/** A live waiting session: its id and its member, by id. */
type Waiting = { sessionId: string; userId: string; csrfSecret: string; resolved: ResolvedSession };

/** The waiting sessions that still live (expired or ended ones fall away), each account once. */
export async function liveStoredSessions(deps: Deps, stored: readonly string[], exceptUserId: string | null): Promise<Waiting[]> {
  const now = Date.now();
  const live: Waiting[] = [];
  for (const sessionId of stored) {
    const resolved = await resolveSession(deps, sessionId, now);
    if (!resolved || resolved.actor.kind !== 'member') continue;
    const userId = resolved.actor.userId;
    if (userId === exceptUserId || live.some((w) => w.userId === userId)) continue;
    live.push({ sessionId, userId, csrfSecret: resolved.csrfSecret, resolved });
  }
  return live;
}

/**
 * GET /refresh_stored_accounts: each waiting session is checked again, and those that ended
 * (logged out, expired, ended by a password change or from another device) or that belong to the
 * active account are dropped. Answers the waiting sessions still live, in their order.
 */
export async function refreshStoredSessions(deps: Deps, actor: Actor, stored: readonly string[]): Promise<string[]> {
  const live = await liveStoredSessions(deps, stored, actor.kind === 'visitor' ? null : actor.userId);
  return live.map((w) => w.sessionId);
}

/** After adding an account: the session it replaced as the active one goes to the waiting ones (first). */
export async function storedAfterAdding(deps: Deps, previousSessionId: string | undefined, stored: readonly string[], newUserId: string): Promise<string[]> {
  const candidates = previousSessionId ? [previousSessionId, ...stored] : [...stored];
  const live = await liveStoredSessions(deps, candidates, newUserId);
  return live.map((w) => w.sessionId);
}

export type Switched = { sessionId: string; csrfSecret: string; stored: string[]; viewer: Viewer };

/**
 * UserSessionResource update {user_id}: makes a waiting account the active one, the active one
 * waiting in its place. Only an account this browser holds a live session of can be chosen.
 */
export async function switchAccount(
  deps: Deps,
  actor: Actor,
  userId: string,
  active: { sessionId: string | undefined; browserId: string | undefined },
  stored: readonly string[],
): Promise<Switched> {
  const member = requireSession(actor);
  const live = await liveStoredSessions(deps, stored, member.userId);
  const chosen = live.find((w) => w.userId === userId);
  if (!chosen) throw new AppError('not_found', 'That account is not signed in on this browser.');
  const { user, actor: chosenActor } = chosen.resolved;
  const others = live.filter((w) => w !== chosen).map((w) => w.sessionId);
  const activeSessionId = active.sessionId;
  if (active.browserId) await recordBrowserLogin(deps.db, hashSecret(active.browserId), chosen.userId, Date.now());
  return {
    sessionId: chosen.sessionId,
    csrfSecret: chosen.csrfSecret,
    stored: activeSessionId ? [activeSessionId, ...others] : others,
    viewer: await loadViewerOfUser(deps, user, chosenActor.kind === 'member' && chosenActor.limitedLogin ? 'limited' : 'full'),
  };
}

export type AfterLogout = { next: { sessionId: string; csrfSecret: string } | null; stored: string[] };

/** After logging out of the active account: the first waiting account becomes active; the others stay signed in. */
export async function nextAfterLogout(deps: Deps, stored: readonly string[], browserId: string | undefined): Promise<AfterLogout> {
  const [first, ...rest] = await liveStoredSessions(deps, stored, null);
  if (!first) return { next: null, stored: [] };
  if (browserId) await recordBrowserLogin(deps.db, hashSecret(browserId), first.userId, Date.now());
  return { next: { sessionId: first.sessionId, csrfSecret: first.csrfSecret }, stored: rest.map((w) => w.sessionId) };
}
