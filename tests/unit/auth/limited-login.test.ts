import { describe, expect, it } from 'vitest';
import { UNVERIFIED_GRACE_MS, isLimitedLogin } from '../../../src/server/auth/session.service.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('limited login: unverified email older than 7 days', () => {
  const now = Date.UTC(2025, 0, 31);

  it('the grace period is 7 days', () => {
    expect(UNVERIFIED_GRACE_MS).toBe(7 * DAY);
  });

  it('a new account with an unverified email signs in fully', () => {
    expect(isLimitedLogin({ email_verified_at: null, created_at: now - 6 * DAY }, now)).toBe(false);
  });

  it('an account unverified for more than 7 days signs in limited', () => {
    expect(isLimitedLogin({ email_verified_at: null, created_at: now - 8 * DAY }, now)).toBe(true);
  });

  it('a verified account always signs in fully', () => {
    expect(isLimitedLogin({ email_verified_at: now - 1, created_at: now - 300 * DAY }, now)).toBe(false);
  });
});
