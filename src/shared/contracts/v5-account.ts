import { z } from 'zod';
import { AdAccountQuery, CALL_ERRORS, errors, SCOPES, v5Operation } from './v5.ts';

/** The public API's user account (the reference's tag "user_account"). */

/** The reference's Account: the token user's, with the counts the token may know. */
export const V5Account = z.object({
  id: z.string(),
  username: z.string(),
  account_type: z.enum(['BUSINESS', 'PINNER']),
  business_name: z.string().nullable(),
  about: z.string(),
  website_url: z.string().optional(),
  profile_image: z.string().optional(),
  board_count: z.number(),
  pin_count: z.number(),
  follower_count: z.number(),
  following_count: z.number(),
  /** Profile views are not counted. */
  monthly_views: z.null(),
});
export type V5Account = z.infer<typeof V5Account>;

export const GetUserAccount = v5Operation({
  scopes: SCOPES.readAccount,
  schema: { querystring: AdAccountQuery, response: { 200: V5Account, ...errors(...CALL_ERRORS) } },
});
