import { CookieConsentResource, UserWebsitesResource, WebsiteVerificationResource } from '../../shared/contracts/users.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { setCookieConsent } from './cookie-consent.service.ts';
import { getVerificationCode, listWebsites, unverifyWebsite, verifyWebsite } from './websites.service.ts';

export const userResources: Resource[] = [
  defineResource(CookieConsentResource, {
    update: async ({ input, actor, deps }) => ({ data: await setCookieConsent(deps, actor, input.consent) }),
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
