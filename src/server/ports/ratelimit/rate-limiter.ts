export type RateDecision = { allowed: boolean; remaining: number; retryAfterMs: number };

/** Counts hits per key in a fixed window; shared across nodes at scale. */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
  /** Whether one more hit would be allowed, without counting one: for limits that count failures only. */
  peek(key: string, limit: number): Promise<RateDecision>;
  close(): Promise<void>;
}
