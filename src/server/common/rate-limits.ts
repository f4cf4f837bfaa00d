import crypto from 'node:crypto';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { RateDecision, RateLimiter } from '../ports/ratelimit/rate-limiter.ts';

/**
 * The limits of the calls that cost others something (password guesses, mail, fetches of other
 * sites); each counts every attempt, successful or not, except `loginAddress`, which counts failures.
 */
export const RATE_LIMITS = {
  /**
   * Per IP and account (the account the typed username or email names, or the typed name when no
   * account has it): slows password guessing without locking the owner out from elsewhere.
   */
  login: { limit: 10, windowMs: 15 * 60 * 1000 },
  /**
   * Per IP, across accounts: failed logins only, so that many people signing in behind one
   * address (an office, a campus NAT) are never limited for succeeding. 50 failures is five
   * accounts' whole budgets; nobody mistypes that often, while a password sprayer gets five
   * guesses' worth of accounts per window instead of every account it knows.
   */
  loginAddress: { limit: 50, windowMs: 15 * 60 * 1000 },
  signup: { limit: 20, windowMs: 60 * 60 * 1000 },
  verificationResend: { limit: 5, windowMs: 60 * 60 * 1000 },
  /** Per typed email, whether an account has it or not (so a refusal tells nothing): protects its inbox. */
  passwordResetEmail: { limit: 5, windowMs: 60 * 60 * 1000 },
  /** Per IP, across emails: one address asking for links to many inboxes. */
  passwordResetAddress: { limit: 20, windowMs: 60 * 60 * 1000 },
  /** Per account: an email change checks the password and mails the new address. */
  emailChange: { limit: 5, windowMs: 60 * 60 * 1000 },
  /** Per account: turning two-factor authentication on or off checks a password and a code. */
  mfaSettings: { limit: 10, windowMs: 15 * 60 * 1000 },
  /** Per account: a four-digit parental passcode has 10,000 values; ten tries in 15 minutes. */
  parentalPasscode: { limit: 10, windowMs: 15 * 60 * 1000 },
  /** Per account: web pages and images fetched on a member's behalf (src/server/outbound/). */
  outboundFetch: { limit: 120, windowMs: 10 * 60 * 1000 },
  /** Per account: reports filed (docs/decisions/0044-moderation.md). */
  report: { limit: 30, windowMs: 60 * 60 * 1000 },
  /** Per account, or per IP for a visitor: feedback sent from the feedback modal. */
  feedback: { limit: 10, windowMs: 60 * 60 * 1000 },
  /** Per account: adding, editing and deleting tried-its (each a photo and a note others see). */
  didItWrite: { limit: 30, windowMs: 10 * 60 * 1000 },
  /** Per account: likes and helpful marks on tried-its. */
  didItMark: { limit: 300, windowMs: 10 * 60 * 1000 },
  /** Per account: comments, replies and edits written (src/server/comments/); a person types slower. */
  commentWrite: { limit: 30, windowMs: 10 * 60 * 1000 },
  /** Per account: messages sent (src/server/messages/); a conversation runs faster than comments. */
  messageSend: { limit: 120, windowMs: 10 * 60 * 1000 },
  /** Per account: contact requests (new conversations with people who do not follow the sender). */
  contactRequest: { limit: 20, windowMs: 60 * 60 * 1000 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

function limiterKey(name: RateLimitName, keyParts: string[]): string {
  // Hashed so that a hostile account string cannot make keys arbitrarily long. The prefix is the
  // one the limiter's keys always had, so counts survive an upgrade.
  const digest = crypto.createHash('sha256').update(keyParts.join('\u0000')).digest('hex');
  return `auth:${name}:${digest}`;
}

/** The limiter's answer, or null when it cannot be reached. */
async function ask(deps: Deps, name: RateLimitName, call: (limiter: RateLimiter) => Promise<RateDecision>): Promise<RateDecision | null> {
  try {
    return await call(deps.ports.rateLimiter);
  } catch (error) {
    // Fail open: an unreachable limiter (Redis down) must not lock everyone out of their account.
    deps.log.warn({ err: error, limit: name }, 'rate limiter unavailable; request allowed');
    return null;
  }
}

/** Counts a hit; over the limit throws rate_limited with the seconds until the window frees up. */
export async function enforceRateLimit(deps: Deps, name: RateLimitName, ...keyParts: string[]): Promise<void> {
  const { limit, windowMs } = RATE_LIMITS[name];
  const key = limiterKey(name, keyParts);
  refuseWhenDenied(await ask(deps, name, (limiter) => limiter.hit(key, limit, windowMs)));
}

/** Throws rate_limited when the limit is already spent, without counting this request. */
export async function checkRateLimit(deps: Deps, name: RateLimitName, ...keyParts: string[]): Promise<void> {
  const key = limiterKey(name, keyParts);
  refuseWhenDenied(await ask(deps, name, (limiter) => limiter.peek(key, RATE_LIMITS[name].limit)));
}

/** Counts a hit (a failure, for limits that count failures) without refusing anything now. */
export async function countRateLimitHit(deps: Deps, name: RateLimitName, ...keyParts: string[]): Promise<void> {
  const { limit, windowMs } = RATE_LIMITS[name];
  const key = limiterKey(name, keyParts);
  await ask(deps, name, (limiter) => limiter.hit(key, limit, windowMs));
}

function refuseWhenDenied(decision: RateDecision | null): void {
  if (decision && !decision.allowed) {
    const retryAfterSeconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
    throw new AppError('rate_limited', undefined, { retryAfterSeconds });
  }
}
