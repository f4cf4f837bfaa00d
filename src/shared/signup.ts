import { SIGNUP_RETRIES } from './constants.ts';

/**
 * Sign-up retries (spec section 4): up to 3 more attempts when the error has no code (the
 * request never got an answer) or carries a retryable code. Our catalogue's retryable codes
 * are 17 'unavailable' and 18 'internal'; everything else is the user's to fix.
 */
export const RETRYABLE_SIGNUP_CODES: readonly number[] = [17, 18];

/** The code that means the birthday is under the minimum age; it sets the age-restriction cookie. */
export const AGE_RESTRICTED_CODE = 14;

/** The age-restriction cookie: while the browser has it, sign-up from it is refused. */
export const AGE_RESTRICTED_COOKIE = 'age_restricted';

/** How long the cookie, and so the block, lasts; the sign-up page tells the visitor this figure. */
export const AGE_RESTRICTION_SECONDS = 24 * 60 * 60;

/** The block's length in whole hours, as the sign-up page states it. */
export const AGE_RESTRICTION_HOURS = Math.ceil(AGE_RESTRICTION_SECONDS / 3600);

export function shouldRetrySignup(code: number | null, retriesDone: number): boolean {
  if (retriesDone >= SIGNUP_RETRIES) return false;
  return code === null || RETRYABLE_SIGNUP_CODES.includes(code);
}

/** The country of a locale such as `de` or `pt_BR`; the region part when there is one. */
export function countryFromLocale(locale: string): string {
  const region = locale.split('_')[1];
  if (region && /^[A-Z]{2}$/.test(region)) return region;
  const byLanguage: Record<string, string> = { de: 'DE', fr: 'FR', it: 'IT', ja: 'JP', nl: 'NL', tr: 'TR' };
  return byLanguage[locale] ?? 'US';
}
