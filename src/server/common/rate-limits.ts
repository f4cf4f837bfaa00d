import crypto from 'node:crypto';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';

/**
 * The limits of the calls that cost others something (password guesses, mail, fetches of other
 * sites); each counts every attempt, successful or not.
 */
export const RATE_LIMITS = {
  /** Per IP and account: slows password guessing without locking the owner out from elsewhere. */
  login: { limit: 10, windowMs: 15 * 60 * 1000 },
  signup: { limit: 20, windowMs: 60 * 60 * 1000 },
  verificationResend: { limit: 5, windowMs: 60 * 60 * 1000 },
  /** Per account: turning two-factor authentication on or off checks a password and a code. */
  mfaSettings: { limit: 10, windowMs: 15 * 60 * 1000 },
  /** Per account: web pages and images fetched on a member's behalf (src/server/outbound/). */
  outboundFetch: { limit: 120, windowMs: 10 * 60 * 1000 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** Counts a hit; over the limit throws rate_limited with the seconds until the window frees up. */
export async function enforceRateLimit(deps: Deps, name: RateLimitName, ...keyParts: string[]): Promise<void> {
  const { limit, windowMs } = RATE_LIMITS[name];
  // Hashed so that a hostile account string cannot make keys arbitrarily long. The prefix is the
  // one the limiter's keys always had, so counts survive an upgrade.
  const digest = crypto.createHash('sha256').update(keyParts.join('\u0000')).digest('hex');
  const key = `auth:${name}:${digest}`;
  let decision;
  try {
    decision = await deps.ports.rateLimiter.hit(key, limit, windowMs);
  } catch (error) {
    // Fail open: an unreachable limiter (Redis down) must not lock everyone out of their account.
    deps.log.warn({ err: error, limit: name }, 'rate limiter unavailable; request allowed');
    return;
  }
  if (!decision.allowed) {
    const retryAfterSeconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
    throw new AppError('rate_limited', undefined, { retryAfterSeconds });
  }
}
