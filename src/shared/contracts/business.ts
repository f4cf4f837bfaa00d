import { z } from 'zod';
import { isCountryCode } from '../member-settings.ts';
import { Id } from './common.ts';
import { resourceContract } from './contract.ts';

/**
 * The business console's calls (docs/decisions/0051-business-access.md); the people, partners,
 * invites, assets and groups are also served by /v5 (contracts/v5-business.ts).
 */

/** BusinessAccountResource: update {business_name} makes the caller's account a business (or renames it); delete makes it personal again. */
export const BusinessAccountResource = resourceContract({
  name: 'BusinessAccountResource',
  verbs: {
    update: { input: z.object({ business_name: z.string().trim().min(1).max(100) }), output: z.object({ is_business: z.boolean() }) },
    delete: { input: z.object({}), output: z.object({ is_business: z.boolean() }) },
  },
});

/** Currencies an ad account may bill in (the business spec's list: EUR and the named national ones, else USD). */
export const AD_ACCOUNT_CURRENCIES = ['USD', 'EUR', 'AUD', 'CAD', 'CHF', 'DKK', 'GBP', 'NOK', 'NZD', 'SEK'] as const;

export const AdAccountJson = z.object({ id: z.string(), name: z.string(), country: z.string(), currency: z.string(), owner_id: z.string() });

/** AdAccountResource: create {business_id, name, country, currency}: an ad account owned by the business. */
export const AdAccountResource = resourceContract({
  name: 'AdAccountResource',
  verbs: {
    create: {
      input: z.object({
        business_id: Id,
        name: z.string().trim().min(1).max(100),
        country: z.string().refine(isCountryCode, 'Please choose a country.'),
        currency: z.enum(AD_ACCOUNT_CURRENCIES),
      }),
      output: AdAccountJson,
    },
  },
});

export const HistoryEntryJson = z.object({
  id: z.string(),
  at: z.number(),
  actor: z.object({ id: z.string(), username: z.string() }).nullable(),
  action: z.string(),
  subject_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

/** BusinessHistoryResource: get {business_id, from?, to?, bookmark?}: every change in the range (default 7 days ago to 1 day ago), oldest first. */
export const BusinessHistoryResource = resourceContract({
  name: 'BusinessHistoryResource',
  verbs: {
    get: {
      input: z.object({
        business_id: Id,
        from: z.coerce.number().int().min(0).optional(),
        to: z.coerce.number().int().min(0).optional(),
        bookmark: z.string().max(16).optional(),
      }),
      output: z.object({ items: z.array(HistoryEntryJson), bookmark: z.string().nullable() }),
    },
  },
});

/** GET /v3/businesses/{business_id}/history/csv/?from&to: the range's History as a CSV file (text/csv). */
export const BusinessHistoryCsvRoute = {
  params: z.object({ business_id: Id }),
  querystring: z.object({ from: z.coerce.number().int().min(0).optional(), to: z.coerce.number().int().min(0).optional() }),
  response: { 200: z.string() },
};
