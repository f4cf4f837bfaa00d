import { describe, expect, it } from 'vitest';
import type { User } from '../../../src/server/db/schema/accounts.ts';
import { buildBootstrap, sessionExpiry } from '../../../src/server/pages/page-context.ts';
import { presentViewer } from '../../../src/server/users/users.present.ts';
import { TOKEN_REFRESH_MAX_DAYS } from '../../../src/shared/constants.ts';
import {
  DAY_MS,
  daysToExpiration,
  isEnabledGroup,
  STORED_ACCOUNTS_REFRESH_PATH,
  TOKEN_REFRESH_PATH,
  tokenRefreshCall,
} from '../../../src/shared/session-refresh.ts';

const signedIn = (days: number | null, group = 'enabled') => tokenRefreshCall({ isAuthenticated: true, daysToExpiration: days, group });

describe('token refresh (spec sections 4 and 9)', () => {
  it('the window is more than 0 and up to 90 days', () => {
    expect(TOKEN_REFRESH_MAX_DAYS).toBe(90);
    expect(signedIn(1)).toBe(TOKEN_REFRESH_PATH);
    expect(signedIn(30)).toBe(TOKEN_REFRESH_PATH);
    expect(signedIn(90)).toBe(TOKEN_REFRESH_PATH);
    expect(signedIn(91)).toBeNull();
  });

  it('0 or fewer days left refresh the stored accounts instead', () => {
    expect(signedIn(0)).toBe(STORED_ACCOUNTS_REFRESH_PATH);
    expect(signedIn(-3)).toBe(STORED_ACCOUNTS_REFRESH_PATH);
  });

  it('visitors and sessions without an expiry call nothing', () => {
    expect(tokenRefreshCall({ isAuthenticated: false, daysToExpiration: 10, group: 'enabled' })).toBeNull();
    expect(signedIn(null)).toBeNull();
  });

  it('only the enabled group refreshes in the window; enabled_proactive always does', () => {
    expect(signedIn(10, 'control')).toBeNull();
    expect(signedIn(10, 'employee_only')).toBe(TOKEN_REFRESH_PATH);
    expect(signedIn(400, 'enabled_proactive')).toBe(TOKEN_REFRESH_PATH);
    expect(signedIn(0, 'enabled_proactive')).toBe(TOKEN_REFRESH_PATH);
  });

  it('experiment groups starting with enabled or employee count as enabled (spec section 6)', () => {
    expect(isEnabledGroup('enabled')).toBe(true);
    expect(isEnabledGroup('enabled_delay_hydration')).toBe(true);
    expect(isEnabledGroup('employee')).toBe(true);
    expect(isEnabledGroup('control')).toBe(false);
    expect(isEnabledGroup('disabled')).toBe(false);
  });

  it('counts whole days left, rounding up so hours to go still count one day', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(daysToExpiration(now + 30 * DAY_MS, now)).toBe(30);
    expect(daysToExpiration(now + 29 * DAY_MS + 1, now)).toBe(30);
    expect(daysToExpiration(now + 60_000, now)).toBe(1);
    expect(daysToExpiration(now, now)).toBe(0);
    expect(daysToExpiration(now - 2 * DAY_MS, now)).toBe(-2);
  });
});

describe('bootstrap daysToExpiration', () => {
  const user: User = {
    id: '1',
    email: 'jane@example.com',
    username: 'jane',
    password_hash: null,
    first_name: 'Jane',
    last_name: 'Doe',
    country: 'US',
    locale: 'en_US',
    gender: null,
    custom_gender: null,
    birthday: null,
    is_partner: 0,
    business_name: null,
    is_employee: 0,
    email_verified_at: 1,
    allow_personalization_cookies: 0,
    allow_analytic_cookies: 0,
    allow_marketing_cookies: 0,
    mfa_secret: null,
    mfa_last_step: null,
    signup_source: null,
    cookie_consent_at: null,
    created_at: 0,
    updated_at: 0,
  };
  const now = Date.UTC(2026, 0, 1);
  const page = { url: new URL('https://corkboard.example/'), userAgent: '', acceptLanguage: null };
  const base = { page, match: null, locale: 'en_US' as const, appVersion: 'x', now };

  it('comes from the session expiry of a signed-in viewer', () => {
    const viewer = presentViewer(user, 'full', new Date(now));
    expect(buildBootstrap({ ...base, viewer, sessionExpiresAt: now + 30 * DAY_MS }).daysToExpiration).toBe(30);
  });

  it('is null for visitors and for callers without a browser session', () => {
    expect(buildBootstrap({ ...base, viewer: null, sessionExpiresAt: now + DAY_MS }).daysToExpiration).toBeNull();
    const viewer = presentViewer(user, 'full', new Date(now));
    expect(buildBootstrap({ ...base, viewer }).daysToExpiration).toBeNull();
  });

  it('reads the expiry from a member actor only', () => {
    expect(sessionExpiry({ kind: 'member', userId: '1', sessionIdHash: 'h', limitedLogin: false, expiresAt: 42 })).toBe(42);
    expect(sessionExpiry({ kind: 'token', userId: '1', tokenId: '2', scopes: [] })).toBeNull();
    expect(sessionExpiry({ kind: 'visitor' })).toBeNull();
  });
});
