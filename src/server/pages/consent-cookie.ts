import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONSENT_COOKIE } from '../../shared/consent.ts';
import type { Deps } from '../deps.ts';
import { memberConsentCookie } from '../users/cookie-consent.service.ts';
import { consentCookieOptions } from '../users/consent.ts';

/** A member's page carries their account's consent in the cookie the banner reads (members' pages are never shared). */
export async function keepConsentCookie(deps: Deps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const value = await memberConsentCookie(deps, request.actor, request.cookies[CONSENT_COOKIE]);
  if (value !== null) reply.setCookie(CONSENT_COOKIE, value, consentCookieOptions(deps.config.secureCookies));
}
