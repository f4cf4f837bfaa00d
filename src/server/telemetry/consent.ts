import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import { consentOf } from '../users/consent.ts';
import { consentFlags } from './telemetry.repo.ts';

import { CONSENT_COOKIE } from '../../shared/consent.ts';

/**
 * Whether this request's viewer allowed analytics, as `consentOf` answers every tracking path: the
 * account's flag for a member, the consent cookie for a visitor; false until chosen (spec section
 * 3). Telemetry and exposures store nothing without it. A member whose account is gone allowed
 * nothing.
 */
export async function analyticsAllowed(deps: Deps, actor: Actor, cookies: Readonly<Record<string, string | undefined>>): Promise<boolean> {
  if (actor.kind === 'visitor') return consentOf(null, cookies[CONSENT_COOKIE]).analytics;
  const account = await consentFlags(deps.db, actor.userId);
  return account !== null && consentOf(account, null).analytics;
}
