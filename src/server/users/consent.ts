import { CONSENT_COOKIE_MAX_AGE_SECONDS, NO_CONSENT, parseConsentCookie, type Consent } from '../../shared/consent.ts';

/** The account's flags as a viewer (booleans) or a users row (0 or 1) carries them. */
export type ConsentFlags = {
  allow_personalization_cookies: boolean | number;
  allow_analytic_cookies: boolean | number;
  allow_marketing_cookies: boolean | number;
};

/**
 * What this request may do with the viewer's data. A member's answer is the one on the account
 * (false until chosen); a visitor's is the consent cookie's (false when missing). Every tracking
 * path (personalization from history, analytics, marketing) asks here and nowhere else.
 */
export function consentOf(viewer: ConsentFlags | null, cookieHeaderFlags: string | Consent | null | undefined): Consent {
  if (viewer) {
    return {
      personalization: Boolean(viewer.allow_personalization_cookies),
      analytics: Boolean(viewer.allow_analytic_cookies),
      marketing: Boolean(viewer.allow_marketing_cookies),
    };
  }
  if (typeof cookieHeaderFlags === 'object' && cookieHeaderFlags !== null) return cookieHeaderFlags;
  return parseConsentCookie(cookieHeaderFlags) ?? NO_CONSENT;
}

/** The consent cookie: read by the page's scripts (the banner), so not httpOnly; a year long. */
export function consentCookieOptions(secureCookies: boolean) {
  return { path: '/', sameSite: 'lax' as const, secure: secureCookies, httpOnly: false, maxAge: CONSENT_COOKIE_MAX_AGE_SECONDS };
}
