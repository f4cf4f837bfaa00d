import { z } from 'zod';
import { lineText } from '../../shared/validation/signup.ts';
import { AnyOptions } from '../boards/boards.resources.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { parseInput } from '../http/validate.ts';
import { CookieConsentOptions, setCookieConsent } from './cookie-consent.service.ts';
import { getVerificationCode, listWebsites, unverifyWebsite, verifyWebsite } from './websites.service.ts';

/** CookieConsentResource update {consent: allow_all | reject_all}: answers the three allow_*_cookies flags. */
export const CookieConsentResource = defineResource({
  name: 'CookieConsentResource',
  options: AnyOptions,
  update: async ({ options, actor, deps }) => ({ data: await setCookieConsent(deps, actor, parseInput(CookieConsentOptions, options).consent) }),
});

const WebsiteOptions = z.object({ website: lineText(2048).refine((v) => v.trim() !== '', 'Required') });

/**
 * UserWebsitesResource: get lists the member's verified websites; create {website} verifies one
 * (the page must carry the member's tag); delete {website} unverifies it.
 */
export const UserWebsitesResource = defineResource({
  name: 'UserWebsitesResource',
  options: AnyOptions,
  get: async ({ actor, deps }) => ({ data: await listWebsites(deps, actor) }),
  create: async ({ options, actor, deps }) => ({ data: await verifyWebsite(deps, actor, parseInput(WebsiteOptions, options).website) }),
  delete: async ({ options, actor, deps }) => {
    await unverifyWebsite(deps, actor, parseInput(WebsiteOptions, options).website);
    return { data: null };
  },
});

/** WebsiteVerificationResource get: the member's verification code and the meta tag that carries it. */
export const WebsiteVerificationResource = defineResource({
  name: 'WebsiteVerificationResource',
  options: AnyOptions,
  get: async ({ actor, deps }) => ({ data: await getVerificationCode(deps, actor) }),
});

export const userResources = [CookieConsentResource, UserWebsitesResource, WebsiteVerificationResource] as Resource<never>[];
