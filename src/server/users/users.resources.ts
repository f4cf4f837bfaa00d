import { CookieConsentResource, UserWebsitesResource, WebsiteVerificationResource } from '../../shared/contracts/users.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { CONSENT_COOKIE } from '../../shared/consent.ts';
import { consentCookieOf, setCookieConsent } from './cookie-consent.service.ts';
import { consentCookieOptions } from './consent.ts';
import { getVerificationCode, listWebsites, unverifyWebsite, verifyWebsite } from './websites.service.ts';

export const userResources: Resource[] = [
  defineResource(CookieConsentResource, {
    update: async ({ input, actor, deps, reply }) => {
      const flags = await setCookieConsent(deps, actor, input);
      reply.setCookie(CONSENT_COOKIE, consentCookieOf(flags), consentCookieOptions(deps.config.secureCookies));
      return { data: flags };
    },
  }),
  defineResource(UserWebsitesResource, {
    get: async ({ actor, deps }) => ({ data: await listWebsites(deps, actor) }),
    create: async ({ input, actor, deps }) => ({ data: await verifyWebsite(deps, actor, input.website) }),
    delete: async ({ input, actor, deps }) => {
      await unverifyWebsite(deps, actor, input.website);
      return { data: null };
    },
  }),
  defineResource(WebsiteVerificationResource, {
    get: async ({ actor, deps }) => ({ data: await getVerificationCode(deps, actor) }),
  }),
];
