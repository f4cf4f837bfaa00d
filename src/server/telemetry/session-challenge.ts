import crypto from 'node:crypto';
import type { Actor } from '../access/actor.ts';
import { requireSession } from '../access/authorized.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { SessionChallenge } from '../../shared/contracts/telemetry.ts';
import { hasLeadingZeroBits } from '../../shared/proof-of-work.ts';

/**
 * Session verification without a third party (docs/decisions/0042): instead of reCAPTCHA the
 * server issues a proof-of-work challenge bound to the session; the browser finds a nonce whose
 * SHA-256 with it starts with CHALLENGE_BITS zero bits and sends `challenge.nonce` as the spec's
 * recaptcha_token to PUT /v3/sessions/verify/. Each challenge is spent once.
 */

/** About 16,000 hashes on average: well under a second in a browser, a cost to a script at scale. */
export const CHALLENGE_BITS = 14;
/** Spec section 9's challenge timeout. */
export const CHALLENGE_TTL_MS = 105_000;

const key = (challenge: string) => `session-challenge:${challenge}`;

/** GET /v3/sessions/challenge/: a new challenge for this session. */
export async function issueChallenge(deps: Deps, actor: Actor, now = Date.now()): Promise<SessionChallenge> {
  const member = requireSession(actor);
  const challenge = crypto.randomBytes(18).toString('base64url');
  await deps.ports.cache.set(key(challenge), member.sessionIdHash, CHALLENGE_TTL_MS);
  return { challenge, bits: CHALLENGE_BITS, expires_at: now + CHALLENGE_TTL_MS };
}

/** PUT /v3/sessions/verify/: the solved challenge of this session, spent. */
export async function verifyChallenge(deps: Deps, actor: Actor, token: string): Promise<{ verified: true }> {
  const member = requireSession(actor);
  const [challenge = '', nonce = '', ...rest] = token.split('.');
  const issuedTo = rest.length === 0 && challenge !== '' ? await deps.ports.cache.get(key(challenge)) : null;
  if (issuedTo !== member.sessionIdHash) throw new AppError('bad_request', 'This challenge is unknown or has expired.');
  await deps.ports.cache.delete(key(challenge));
  const digest = crypto.createHash('sha256').update(`${challenge}.${nonce}`).digest();
  if (!hasLeadingZeroBits(digest, CHALLENGE_BITS)) throw new AppError('bad_request', 'The challenge was not solved.');
  return { verified: true };
}
