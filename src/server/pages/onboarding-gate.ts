import { loginPathFor } from '../../shared/next-location.ts';
import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import { needsNux } from '../users/nux.service.ts';

/** The handlers of the home page: a member with onboarding to do is sent there first. */
const HOME_HANDLERS = new Set(['index', 'homefeed']);
export const NUX_HANDLER = 'nux';
export const NUX_PATH = '/nux/';

/**
 * Where a page request goes instead, for onboarding: a new member's home sends them into it
 * (sign-up lands on home), and once finished it is never shown again.
 */
export async function onboardingRedirect(deps: Deps, actor: Actor, handlerId: string | undefined): Promise<string | null> {
  if (handlerId === NUX_HANDLER) {
    if (actor.kind === 'visitor') return loginPathFor(NUX_PATH);
    return (await needsNux(deps, actor)) ? null : '/';
  }
  if (handlerId && HOME_HANDLERS.has(handlerId) && (await needsNux(deps, actor))) return NUX_PATH;
  return null;
}
