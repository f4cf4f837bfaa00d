import type { Deps } from '../deps.ts';
import { hashSecret, randomSecret } from '../common/secrets.ts';
import { consumeOneTimeToken, insertOneTimeToken, peekOneTimeToken } from './tokens.repo.ts';

/** A handshake token proves a just-checked sign-up or login; it is traded for a session once. */
export const HANDSHAKE_TTL_MS = 10 * 60 * 1000;
/** Between the password step and the code step of a two-factor login. */
export const MFA_PENDING_TTL_MS = 5 * 60 * 1000;
export const EMAIL_VERIFICATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Short: whoever reads the mailbox later (a shared or stolen one) finds a dead link. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

type Purpose = 'handshake' | 'mfa_pending' | 'verify_email' | 'reset_password';

const TTL: Record<Purpose, number> = {
  handshake: HANDSHAKE_TTL_MS,
  mfa_pending: MFA_PENDING_TTL_MS,
  verify_email: EMAIL_VERIFICATION_TTL_MS,
  reset_password: PASSWORD_RESET_TTL_MS,
};

/** Issues a single-use token for `purpose`; only its hash is stored. */
export async function issueToken(deps: Deps, userId: string, purpose: Purpose, now = Date.now()): Promise<string> {
  const token = randomSecret();
  await insertOneTimeToken(deps.db, { hash: hashSecret(token), userId, purpose, now, expiresAt: now + TTL[purpose] });
  return token;
}

export async function consumeToken(deps: Deps, token: string, purpose: Purpose, now = Date.now()): Promise<string | null> {
  return consumeOneTimeToken(deps.db, hashSecret(token), purpose, now);
}

export async function peekToken(deps: Deps, token: string, purpose: Purpose, now = Date.now()): Promise<string | null> {
  return peekOneTimeToken(deps.db, hashSecret(token), purpose, now);
}
