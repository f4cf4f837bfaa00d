import type { User } from '../db/schema/accounts.ts';
import type { ProfileRow } from '../users/viewer-profile.repo.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../access/actor.ts';
import { SESSION_TTL_MS } from './cookies.ts';
import { PAT_PREFIX } from './pat.service.ts';
import { hashSecret } from '../common/secrets.ts';
import { deleteSession, extendSession, findSessionWithUser } from './sessions.repo.ts';
import { findActivePatByHash, touchPat } from './tokens.repo.ts';

/** Activity extends a session to 30 days from now, written at most this often. */
export const SLIDE_EVERY_MS = 60 * 60 * 1000;
const TOUCH_TOKEN_EVERY_MS = 60 * 1000;
const MAX_SECRET_LENGTH = 256;

export type ResolvedSession = { actor: Actor; user: User; profile: ProfileRow; csrfSecret: string; slid: boolean };

/** The member behind a session cookie, or null when it is unknown, ended, expired, or its member suspended. */
export async function resolveSession(deps: Deps, sessionId: string, now: number): Promise<ResolvedSession | null> {
  if (sessionId.length > MAX_SECRET_LENGTH) return null;
  const idHash = hashSecret(sessionId);
  const found = await findSessionWithUser(deps.db, idHash);
  if (!found) return null;
  const { session, user, profile } = found;
  // A suspended member's sessions no longer sign them in (docs/decisions/0044-moderation.md).
  if (profile.suspended === 1) return null;
  if (session.expires_at <= now) {
    await deleteSession(deps.db, idHash);
    return null;
  }
  const slid = now - session.last_seen_at >= SLIDE_EVERY_MS;
  const expiresAt = slid ? now + SESSION_TTL_MS : session.expires_at;
  if (slid) await extendSession(deps.db, idHash, now, expiresAt);
  const limitedLogin = session.limited_login === 1;
  const actor: Actor = { kind: 'member', userId: session.user_id, sessionIdHash: idHash, limitedLogin, expiresAt };
  return { actor, user, profile, csrfSecret: session.csrf_secret, slid };
}

/** The token actor behind `Authorization: Bearer cbpat_...`, or null when unknown or revoked. */
export async function resolveBearer(deps: Deps, token: string, now: number): Promise<Actor | null> {
  if (!token.startsWith(PAT_PREFIX) || token.length > MAX_SECRET_LENGTH) return null;
  const pat = await findActivePatByHash(deps.db, hashSecret(token));
  if (!pat) return null;
  if (pat.last_used_at === null || now - pat.last_used_at >= TOUCH_TOKEN_EVERY_MS) await touchPat(deps.db, pat.id, now);
  return { kind: 'token', userId: pat.user_id, tokenId: pat.id, scopes: pat.scopes.split(' ').filter(Boolean) };
}

/** The token of an `Authorization: Bearer <token>` header; undefined when there is no such header. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer[ \t]+(\S*)[ \t]*$/i.exec(header);
  return match ? (match[1] ?? '') : undefined;
}
