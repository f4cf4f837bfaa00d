import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import { analyticsFlag } from './telemetry.repo.ts';

/** The visitors' consent cookie (`p1.a0.m1`) of the cookie banner. */
const CONSENT_COOKIE = 'cb_consent';
const ANALYTICS_ALLOWED = /^p[01]\.a1\.m[01]$/;

/**
 * Whether this request's viewer allowed analytics: the account's flag for a member, the consent
 * cookie for a visitor; false until chosen (spec section 3). Telemetry and exposures store nothing
 * without it. The one place to switch to users/consent.ts `consentOf` once it lands.
 */
export async function analyticsAllowed(deps: Deps, actor: Actor, cookies: Readonly<Record<string, string | undefined>>): Promise<boolean> {
  if (actor.kind === 'visitor') return ANALYTICS_ALLOWED.test(cookies[CONSENT_COOKIE] ?? '');
  return analyticsFlag(deps.db, actor.userId);
}
