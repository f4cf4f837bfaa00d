import { z } from 'zod';
import { restAnswer } from './common.ts';

/*
 * POST /v3/batch/ (spec section 7): several GET v3/users/{id}/ in one call, each answered with its
 * own status; the accounts this browser may switch to, for the account menu.
 */

const USER_URI = /^\/?v3\/users\/(\d{1,20})\/$/;

export const BatchRequest = z.object({
  method: z.literal('GET'),
  uri: z.string().regex(USER_URI, 'Only GET v3/users/{id}/ can be batched.'),
  params: z.object({ fields: z.string().max(1000).optional() }).optional(),
});

/** The user id a batched request names. */
export function batchedUserId(uri: string): string {
  return USER_URI.exec(uri)?.[1] ?? '';
}

const Requests = z.array(BatchRequest).min(1, 'Required').max(50, 'At most 50 requests.');

/** `requests` as JSON text (a form field, as the web client posts) or as a JSON array. */
export const BatchBody = z.object({
  requests: z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, Requests),
});

/** Spec section 3's Account. */
export const Account = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  full_name: z.string(),
  image_medium_url: z.string().nullable(),
  image_large_url: z.string().nullable(),
  owners: z.array(z.string()),
  partner: z.null(),
  businesses: z.array(z.string()),
});
export type Account = z.infer<typeof Account>;

export const BatchItem = z.union([
  z.object({ status: z.literal('success'), code: z.literal(0), data: Account }),
  z.object({ status: z.literal('failure'), code: z.number(), message: z.string(), data: z.null() }),
]);
export type BatchItem = z.infer<typeof BatchItem>;

export const BatchRoute = { body: BatchBody, response: { 200: restAnswer(z.array(BatchItem)) } };

/** Spec section 7: successes sorted by full name, or by username when any of them has no name. */
export function sortAccounts<A extends { full_name: string; username: string }>(accounts: readonly A[]): A[] {
  const byName = accounts.every((a) => a.full_name.trim() !== '');
  const keyOf = (a: A) => (byName ? a.full_name : a.username).toLocaleLowerCase();
  return [...accounts].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
}
