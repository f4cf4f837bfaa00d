import type { RateDecision } from './rate-limiter.ts';

/** The answer for the `count`th hit of a window that resets in `resetInMs`. */
export function decide(count: number, limit: number, resetInMs: number): RateDecision {
  const allowed = count <= limit;
  return { allowed, remaining: Math.max(0, limit - count), retryAfterMs: allowed ? 0 : Math.max(1, resetInMs) };
}

/** The answer for a hit that would come after `count` hits, none of it counted. */
export function decideNext(count: number, limit: number, resetInMs: number): RateDecision {
  const { allowed, retryAfterMs } = decide(count + 1, limit, resetInMs);
  return { allowed, remaining: Math.max(0, limit - count), retryAfterMs };
}
