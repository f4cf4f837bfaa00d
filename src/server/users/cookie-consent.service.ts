import type { Actor } from '../access/actor.ts';
import { requireSession } from '../access/authorized.ts';
import { AppError } from '../errors.ts';
import type { Deps } from '../deps.ts';
import { formatConsentCookie, parseConsentCookie, type Consent } from '../../shared/consent.ts';
import { consentOf } from './consent.ts';
import { findUserById, setCookieFlags } from './users.repo.ts';

import type { CookieConsentInput, CookieFlags } from '../../shared/contracts/users.ts';

/** Spec section 4: allow-all sets the three flags true; reject-all sets them false; custom sets each. */
export function cookieFlagsOf(input: CookieConsentInput): CookieFlags {
  if (input.consent === 'custom') {
    const { allow_personalization_cookies, allow_analytic_cookies, allow_marketing_cookies } = input;
    return { allow_personalization_cookies, allow_analytic_cookies, allow_marketing_cookies };
  }
  const allowed = input.consent === 'allow_all';
  return { allow_personalization_cookies: allowed, allow_analytic_cookies: allowed, allow_marketing_cookies: allowed };
}

/** The consent cookie's value for these flags. */
export function consentCookieOf(flags: CookieFlags): string {
  return formatConsentCookie(consentOf(flags, null));
}

/**
 * The answer to the cookie banner. Consent is a person's choice in a browser: a member's is kept
 * on their account (a browser session only, never an access token); a visitor's lives in the
 * cookie the adapter sets from the answer.
 */
export async function setCookieConsent(deps: Deps, actor: Actor, input: CookieConsentInput): Promise<CookieFlags> {
  if (actor.kind === 'token') throw new AppError('forbidden', 'This needs a signed-in browser session.');
  const flags = cookieFlagsOf(input);
  if (actor.kind === 'member') await setCookieFlags(deps.db, requireSession(actor).userId, flags, Date.now());
  return flags;
}

/**
 * The consent cookie a member's page should carry, or null when it already does. The account's
 * answer wins; an account that never answered takes the answer given in this browser (as a
 * visitor before signing in), so the banner is not asked twice.
 */
export async function memberConsentCookie(deps: Deps, actor: Actor, cookie: string | undefined): Promise<string | null> {
  if (actor.kind !== 'member') return null;
  const user = await findUserById(deps.db, actor.userId);
  if (!user) return null;
  if (user.cookie_consent_at !== null) {
    const expected = formatConsentCookie(consentOf(user, null));
    return expected === cookie ? null : expected;
  }
  const chosen = parseConsentCookie(cookie);
  if (chosen) await setCookieFlags(deps.db, user.id, flagsOf(chosen), Date.now());
  return null;
}

function flagsOf(consent: Consent): CookieFlags {
  return { allow_personalization_cookies: consent.personalization, allow_analytic_cookies: consent.analytics, allow_marketing_cookies: consent.marketing };
}
