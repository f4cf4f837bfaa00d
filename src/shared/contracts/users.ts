import { z } from 'zod';
import { lineText } from '../validation/signup.ts';
import { Viewer } from '../viewer.ts';
import { restAnswer } from './common.ts';
import { resourceContract } from './contract.ts';

export const COOKIE_CONSENT_CHOICES = ['allow_all', 'reject_all'] as const;
export type CookieConsentChoice = (typeof COOKIE_CONSENT_CHOICES)[number];

/** The three cookie flags of the viewer (spec section 3, "Viewer"). */
export const CookieFlags = z.object({
  allow_personalization_cookies: z.boolean(),
  allow_analytic_cookies: z.boolean(),
  allow_marketing_cookies: z.boolean(),
});
export type CookieFlags = z.infer<typeof CookieFlags>;

/** The banner's answers: all, none, or each category on its own. */
export const CookieConsentInput = z.discriminatedUnion(
  'consent',
  [z.object({ consent: z.enum(COOKIE_CONSENT_CHOICES) }), CookieFlags.extend({ consent: z.literal('custom') })],
  'Please choose allow_all, reject_all or custom.',
);
export type CookieConsentInput = z.infer<typeof CookieConsentInput>;

/**
 * CookieConsentResource update {consent: allow_all | reject_all} or {consent: custom, the three
 * flags}: answers the three flags. A member's answer is kept on the account, a visitor's in the
 * consent cookie (src/shared/consent.ts); both get the cookie, so the banner stays away.
 */
export const CookieConsentResource = resourceContract({
  name: 'CookieConsentResource',
  verbs: { update: { input: CookieConsentInput, output: CookieFlags } },
});

const Website = z.object({ website: lineText(2048).refine((v) => v.trim() !== '', 'Required') });
export const WebsiteSummary = z.object({ website: z.string(), status: z.literal('success'), verified_at: z.iso.datetime() });
export type WebsiteSummary = z.infer<typeof WebsiteSummary>;
export const VerificationCode = z.object({ verification_code: z.string(), metatag: z.string() });
export type VerificationCode = z.infer<typeof VerificationCode>;

/**
 * UserWebsitesResource: get lists the member's verified websites; create {website} verifies one
 * (the page must carry the member's tag); delete {website} unverifies it.
 */
export const UserWebsitesResource = resourceContract({
  name: 'UserWebsitesResource',
  verbs: {
    get: { input: z.object({}), output: z.array(WebsiteSummary) },
    create: { input: Website, output: WebsiteSummary },
    delete: { input: Website, output: z.null() },
  },
});

/** WebsiteVerificationResource get: the member's verification code and the meta tag that carries it. */
export const WebsiteVerificationResource = resourceContract({
  name: 'WebsiteVerificationResource',
  verbs: { get: { input: z.object({}), output: VerificationCode } },
});

/** GET /v3/users/me/: the signed-in viewer (a visitor is asked to sign in). */
export const ViewerRoute = { querystring: z.object({}), response: { 200: restAnswer(Viewer) } };
