import { describe, expect, it } from 'vitest';
import { ageRestrictedCookieOptions, cookieNames, csrfCookieOptions, sessionCookieOptions } from '../../../src/server/auth/cookies.ts';

describe('cookie naming by secureCookies', () => {
  it('over https the session cookie is __Host- prefixed, Secure, HttpOnly, SameSite=Lax, Path=/', () => {
    expect(cookieNames(true).session).toBe('__Host-corkboard_sess');
    expect(sessionCookieOptions(true)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'lax', path: '/' });
    // __Host- cookies must not name a domain.
    expect(sessionCookieOptions(true)).not.toHaveProperty('domain');
  });

  it('over plain http the session cookie has the bare name and no Secure flag', () => {
    expect(cookieNames(false).session).toBe('corkboard_sess');
    expect(sessionCookieOptions(false)).toMatchObject({ secure: false, httpOnly: true, sameSite: 'lax', path: '/' });
  });

  it('the session cookie lasts 30 days', () => {
    expect(sessionCookieOptions(false).maxAge).toBe(30 * 24 * 60 * 60);
  });

  it('csrftoken is readable by scripts, Lax, Secure only over https', () => {
    expect(cookieNames(true).csrf).toBe('csrftoken');
    expect(csrfCookieOptions(true)).toMatchObject({ httpOnly: false, sameSite: 'lax', secure: true });
    expect(csrfCookieOptions(false)).toMatchObject({ httpOnly: false, secure: false });
  });

  it('the age restriction cookie lasts one day', () => {
    expect(cookieNames(false).ageRestricted).toBe('age_restricted');
    expect(ageRestrictedCookieOptions(false).maxAge).toBe(24 * 60 * 60);
  });
});
