import { requireSession } from '../access/authorized.ts';
import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import { setCookieFlags } from './users.repo.ts';

import type { CookieConsentChoice, CookieFlags } from '../../shared/contracts/users.ts';

/** Spec section 4: allow-all sets the three flags true; reject-all sets them false. */
export function cookieFlagsOf(choice: CookieConsentChoice): CookieFlags {
  const allowed = choice === 'allow_all';
  return { allow_personalization_cookies: allowed, allow_analytic_cookies: allowed, allow_marketing_cookies: allowed };
}

/**
 * The member's answer to the cookie banner, kept on their account. Consent is a person's choice in
 * a browser, so it takes a browser session, not an access token.
 */
export async function setCookieConsent(deps: Deps, actor: Actor, choice: CookieConsentChoice): Promise<CookieFlags> {
  const member = requireSession(actor);
  const flags = cookieFlagsOf(choice);
  await setCookieFlags(deps.db, member.userId, flags, Date.now());
  return flags;
}
