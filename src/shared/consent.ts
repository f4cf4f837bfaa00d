/**
 * Cookie consent (spec section 3, "Viewer": three flags, default false). A visitor's choice lives
 * in one cookie readable by the page, so the banner can stay away without a server round trip;
 * a member's lives on the account.
 */
export const CONSENT_COOKIE = 'cb_consent';
export const CONSENT_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const CONSENT_CATEGORIES = ['personalization', 'analytics', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** The three answers, by category: what every tracking path reads. */
export type Consent = Readonly<Record<ConsentCategory, boolean>>;

export const NO_CONSENT: Consent = { personalization: false, analytics: false, marketing: false };

const LETTERS: Record<ConsentCategory, string> = { personalization: 'p', analytics: 'a', marketing: 'm' };

/** `p1.a0.m1`: short, fixed order, nothing a cookie needs escaped. */
export function formatConsentCookie(consent: Consent): string {
  return CONSENT_CATEGORIES.map((category) => `${LETTERS[category]}${consent[category] ? 1 : 0}`).join('.');
}

/** The visitor's choice, or null when the cookie is missing or not one we wrote (then: not chosen). */
export function parseConsentCookie(value: string | undefined | null): Consent | null {
  if (!value || !/^p[01]\.a[01]\.m[01]$/.test(value)) return null;
  const [p, a, m] = value.split('.').map((part) => part.endsWith('1'));
  return { personalization: p === true, analytics: a === true, marketing: m === true };
}
