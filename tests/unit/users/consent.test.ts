import { describe, expect, it } from 'vitest';
import { formatConsentCookie, parseConsentCookie } from '../../../src/shared/consent.ts';
import { consentOf } from '../../../src/server/users/consent.ts';

const none = { allow_personalization_cookies: false, allow_analytic_cookies: false, allow_marketing_cookies: false };

describe('cookie consent: flags default false, the member’s account or the visitor’s cookie decides', () => {
  it('a visitor without a cookie has refused everything', () => {
    expect(consentOf(null, undefined)).toEqual({ personalization: false, analytics: false, marketing: false });
  });

  it('a visitor’s cookie is read per category', () => {
    expect(consentOf(null, 'p1.a0.m1')).toEqual({ personalization: true, analytics: false, marketing: true });
  });

  it('a cookie we did not write counts as no choice', () => {
    for (const bad of ['', 'p1.a1', 'p2.a0.m0', 'yes', 'p1.a0.m1;x']) expect(parseConsentCookie(bad)).toBeNull();
    expect(consentOf(null, 'p2.a1.m1')).toEqual({ personalization: false, analytics: false, marketing: false });
  });

  it('a member’s account flags win over the browser cookie, rows (0/1) or viewers (booleans)', () => {
    expect(consentOf(none, 'p1.a1.m1')).toEqual({ personalization: false, analytics: false, marketing: false });
    const row = { allow_personalization_cookies: 1, allow_analytic_cookies: 0, allow_marketing_cookies: 1 };
    expect(consentOf(row, undefined)).toEqual({ personalization: true, analytics: false, marketing: true });
  });

  it('the cookie round-trips', () => {
    const consent = { personalization: false, analytics: true, marketing: false };
    expect(parseConsentCookie(formatConsentCookie(consent))).toEqual(consent);
    expect(consentOf(null, consent)).toEqual(consent);
  });
});
