import { describe, expect, it, vi } from 'vitest';
import { checkRateLimit, enforceRateLimit } from '../../../src/server/common/rate-limits.ts';
import type { Deps } from '../../../src/server/deps.ts';
import { AppError } from '../../../src/server/errors.ts';
import type { RateLimiter } from '../../../src/server/ports/ratelimit/rate-limiter.ts';

const allowed = { allowed: true, remaining: 1, retryAfterMs: 0 };

function depsWith(parts: Pick<RateLimiter, 'hit'> & Partial<RateLimiter>) {
  const rateLimiter: RateLimiter = { peek: () => Promise.resolve(allowed), close: () => Promise.resolve(), ...parts };
  const warn = vi.fn();
  return { deps: { ports: { rateLimiter }, log: { warn } } as unknown as Deps, warn };
}

describe('rate limit enforcement', () => {
  it('over the limit throws rate_limited with whole seconds to wait, at least 1', async () => {
    const { deps } = depsWith({ hit: () => Promise.resolve({ allowed: false, remaining: 0, retryAfterMs: 1500 }) });
    const error = await enforceRateLimit(deps, 'login', '1.2.3.4', 'jane').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).errorName).toBe('rate_limited');
    expect((error as AppError).extra).toEqual({ retryAfterSeconds: 2 });
  });

  it('keys are hashed and bounded whatever the account string', async () => {
    const hit = vi.fn(() => Promise.resolve({ allowed: true, remaining: 9, retryAfterMs: 0 }));
    const { deps } = depsWith({ hit });
    await enforceRateLimit(deps, 'login', '1.2.3.4', 'x'.repeat(10_000));
    const [key, limit, windowMs] = hit.mock.calls[0] as unknown as [string, number, number];
    expect(key).toMatch(/^auth:login:[0-9a-f]{64}$/);
    expect([limit, windowMs]).toEqual([10, 15 * 60 * 1000]);
  });

  it('an unreachable limiter fails open with a warning, never a 5xx', async () => {
    const { deps, warn } = depsWith({ hit: () => Promise.reject(new Error('ECONNREFUSED')) });
    await expect(enforceRateLimit(deps, 'signup', '1.2.3.4')).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('a check over a spent limit refuses without counting a hit', async () => {
    const hit = vi.fn(() => Promise.resolve(allowed));
    const { deps } = depsWith({ hit, peek: () => Promise.resolve({ allowed: false, remaining: 0, retryAfterMs: 60_000 }) });
    const error = await checkRateLimit(deps, 'loginAddress', '1.2.3.4').catch((e: unknown) => e);
    expect((error as AppError).errorName).toBe('rate_limited');
    expect((error as AppError).extra).toEqual({ retryAfterSeconds: 60 });
    expect(hit).not.toHaveBeenCalled();
  });
});
