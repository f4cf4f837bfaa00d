import { z } from 'zod';
import { ASSET_PERMISSIONS } from '../business.ts';
import { BODY_ERRORS, CALL_ERRORS, errors } from './v5.ts';

/**
 * The shapes shared by the reference's 27 business access operations (tags business_access_relationships,
 * business_access_invite and business_access_assets), docs/decisions/0051-business-access.md.
 * A business is a business account: `business_id` is its user id.
 */

export const Digits = (max: number) => z.string().min(1).max(max).regex(/^\d+$/, 'Expected an id: a string of digits.');
export const PathId = Digits(20);
export const BusinessParams = z.object({ business_id: PathId });

export const Page = z.object({
  start_index: z.coerce.number().int().min(0).max(1_000_000).optional(),
  bookmark: z.string().max(16).optional(),
  page_size: z.coerce.number().int().min(1).max(250).default(25),
});

/** A query list: repeated, or comma-separated. */
export const listParam = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(item).min(1).max(max));
export const IdList = (max: number) =>
  z
    .string()
    .max(500)
    .transform((v, ctx) => {
      const ids = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (ids.length === 0 || ids.length > max || ids.some((id) => !/^\d{1,25}$/.test(id)))
        ctx.addIssue({ code: 'custom', message: 'Expected ids of digits, separated by commas.' });
      return ids;
    });

export const AssetType = z.enum(['AD_ACCOUNT', 'PROFILE', 'ASSET_GROUP', 'CATALOG', 'CONSUMER']).default('AD_ACCOUNT');
export const PartnerType = z.enum(['INTERNAL', 'EXTERNAL']);
export const Permission = z.enum(ASSET_PERMISSIONS);
export const AssetIdToPermissions = z
  .record(Digits(25), z.array(Permission).min(1).max(50))
  .refine((v) => Object.keys(v).length >= 1 && Object.keys(v).length <= 100, 'Name between 1 and 100 assets.');

export const UserSummary = z.object({ id: z.string().nullable(), username: z.string().nullable(), email: z.string().nullable() });
export const Summary = z.object({ id: z.string(), permissions: z.array(z.string()) });
export const AssetsSummary = z.object({ ad_accounts: z.array(Summary), profiles: z.array(Summary) });
export const V5RoleBinding = z.object({
  id: z.string(),
  user: UserSummary.nullable(),
  business_roles: z.array(z.string()),
  created_time: z.number().int().nullable(),
  created_by_user: UserSummary.nullable(),
  created_by_business: UserSummary.nullable(),
  assets_summary: AssetsSummary.nullable().optional(),
  is_shared_partner: z.boolean().optional(),
});
export const list = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), bookmark: z.string().nullable() });
export const V5AssetGroup = z.object({
  id: z.string(),
  asset_group_name: z.string().nullable(),
  asset_group_description: z.string().nullable(),
  asset_group_types: z.array(z.string()),
  ad_accounts_ids: z.array(z.string()).nullable(),
  profiles_ids: z.array(z.string()).nullable(),
  catalogs_ids: z.array(z.string()).nullable(),
  created_by: UserSummary.nullable(),
  owner: UserSummary.nullable(),
  created_time: z.number().int().nullable(),
  updated_time: z.number().int().nullable(),
});
export const AssetEntry = z.object({ asset_id: z.string(), asset_type: z.string(), asset_group_info: V5AssetGroup.optional() });
export const InviteData = z.object({
  invite_expiration: z.number().int(),
  invite_status: z.string(),
  invite_type: z.string(),
  last_updated_time: z.number().int(),
  sent_at: z.number().int(),
});
export const V5BaseInvite = z.object({ id: z.string(), invite_data: InviteData, is_received_invite: z.boolean(), user: UserSummary });
export const V5Invite = V5BaseInvite.extend({
  business_roles: z.array(z.string()),
  created_by_business: UserSummary.nullable(),
  created_by_user: UserSummary.nullable(),
  created_time: z.number().int(),
  assets_summary: AssetsSummary.nullable(),
});
export const InviteException = z.object({
  code: z.number().int(),
  message: z.string(),
  invite_or_request_id: z.string().nullable().optional(),
  users_or_partner_ids: z.array(z.string()).nullable().optional(),
});
export const GroupException = z.object({ asset_group_id: z.string(), code: z.number().int(), message: z.string() });
export const GrantAnswer = z.object({ asset_id: z.string(), asset_type: z.string(), partner_id: z.string(), permissions: z.array(z.string()) });

export const READ = errors(...CALL_ERRORS, 404);
export const WRITE = errors(...CALL_ERRORS, ...BODY_ERRORS, 404, 409);
