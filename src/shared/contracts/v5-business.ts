import { z } from 'zod';
import { Username } from '../validation/username.ts';
import { isCountryCode } from '../member-settings.ts';
import { ASSET_GROUP_TYPES, ASSET_PERMISSIONS, INVITE_KINDS, INVITE_STATUSES, MEMBER_ROLES } from '../business.ts';
import { BODY_ERRORS, CALL_ERRORS, errors, NoQuery, QueryFlag, SCOPES, v5Operation } from './v5.ts';

/**
 * The reference's 27 business access operations (tags business_access_relationships,
 * business_access_invite and business_access_assets), docs/decisions/0051-business-access.md.
 * A business is a business account: `business_id` is its user id.
 */

const Digits = (max: number) => z.string().min(1).max(max).regex(/^\d+$/, 'Expected an id: a string of digits.');
const PathId = Digits(20);
const BusinessParams = z.object({ business_id: PathId });

const Page = z.object({
  start_index: z.coerce.number().int().min(0).max(1_000_000).optional(),
  bookmark: z.string().max(16).optional(),
  page_size: z.coerce.number().int().min(1).max(250).default(25),
});

/** A query list: repeated, or comma-separated. */
const listParam = <T extends z.ZodType>(item: T, max: number) => z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(item).min(1).max(max));
const IdList = (max: number) =>
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

const AssetType = z.enum(['AD_ACCOUNT', 'PROFILE', 'ASSET_GROUP', 'CATALOG', 'CONSUMER']).default('AD_ACCOUNT');
const PartnerType = z.enum(['INTERNAL', 'EXTERNAL']);
const Permission = z.enum(ASSET_PERMISSIONS);
const AssetIdToPermissions = z
  .record(Digits(25), z.array(Permission).min(1).max(50))
  .refine((v) => Object.keys(v).length >= 1 && Object.keys(v).length <= 100, 'Name between 1 and 100 assets.');

const UserSummary = z.object({ id: z.string().nullable(), username: z.string().nullable(), email: z.string().nullable() });
const Summary = z.object({ id: z.string(), permissions: z.array(z.string()) });
const AssetsSummary = z.object({ ad_accounts: z.array(Summary), profiles: z.array(Summary) });
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
const list = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), bookmark: z.string().nullable() });
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
const AssetEntry = z.object({ asset_id: z.string(), asset_type: z.string(), asset_group_info: V5AssetGroup.optional() });
const InviteData = z.object({
  invite_expiration: z.number().int(),
  invite_status: z.string(),
  invite_type: z.string(),
  last_updated_time: z.number().int(),
  sent_at: z.number().int(),
});
export const V5BaseInvite = z.object({ id: z.string(), invite_data: InviteData, is_received_invite: z.boolean(), user: UserSummary });
const V5Invite = V5BaseInvite.extend({
  business_roles: z.array(z.string()),
  created_by_business: UserSummary.nullable(),
  created_by_user: UserSummary.nullable(),
  created_time: z.number().int(),
  assets_summary: AssetsSummary.nullable(),
});
const InviteException = z.object({
  code: z.number().int(),
  message: z.string(),
  invite_or_request_id: z.string().nullable().optional(),
  users_or_partner_ids: z.array(z.string()).nullable().optional(),
});
const GroupException = z.object({ asset_group_id: z.string(), code: z.number().int(), message: z.string() });
const GrantAnswer = z.object({ asset_id: z.string(), asset_type: z.string(), partner_id: z.string(), permissions: z.array(z.string()) });

const READ = errors(...CALL_ERRORS, 404);
const WRITE = errors(...CALL_ERRORS, ...BODY_ERRORS, 404, 409);

// business_access_relationships

export const ListEmployers = v5Operation({ scopes: SCOPES.readBusiness, schema: { querystring: Page, response: { 200: list(V5RoleBinding), ...READ } } });

export const ListMembers = v5Operation({
  scopes: SCOPES.readBusiness,
  schema: {
    params: BusinessParams,
    querystring: Page.extend({
      fetch_system_users: QueryFlag.optional(),
      assets_summary: QueryFlag.optional(),
      business_roles: listParam(z.enum(MEMBER_ROLES), 2).optional(),
      member_ids: IdList(50).optional(),
    }),
    response: { 200: list(V5RoleBinding), ...READ },
  },
});

export const UpdateMembers = v5Operation({
  scopes: SCOPES.writeBusiness,
  schema: {
    querystring: NoQuery,
    params: BusinessParams,
    body: z
      .array(z.object({ member_id: Digits(25), business_role: z.enum(MEMBER_ROLES) }))
      .min(1)
      .max(50),
    response: { 200: z.object({ items: z.array(z.object({ member_id: z.string(), business_role: z.string() })) }), ...WRITE },
  },
});

export const DeleteMembers = v5Operation({
  scopes: SCOPES.readWriteBusiness,
  schema: {
    querystring: NoQuery,
    params: BusinessParams,
    body: z.object({
      members: z
        .array(z.object({ member_id: Digits(25), business_role: z.enum(MEMBER_ROLES) }))
        .min(1)
        .max(50),
    }),
    response: { 200: z.object({ deleted_members: z.array(z.string()) }), ...WRITE },
  },
});

export const ListPartners = v5Operation({
  scopes: SCOPES.readBusiness,
  schema: {
    params: BusinessParams,
    querystring: Page.extend({ assets_summary: QueryFlag.optional(), partner_type: PartnerType.default('INTERNAL'), partner_ids: IdList(50).optional() }),
    response: { 200: list(V5RoleBinding), ...READ },
  },
});

export const DeletePartners = v5Operation({
  scopes: SCOPES.writeBusiness,
  schema: {
    querystring: NoQuery,
    params: BusinessParams,
    body: z.object({ partner_ids: z.array(Digits(22)).min(1).max(50), partner_type: PartnerType.nullable().optional() }),
    response: { 200: z.object({ deleted_partners: z.array(z.string()) }), ...WRITE },
  },
});

export const UpdateSystemUser = v5Operation({
  scopes: SCOPES.readWriteBusiness,
  schema: {
    querystring: NoQuery,
    params: BusinessParams.extend({ system_user_id: PathId }),
    body: z.object({ name: z.string().min(1).max(100) }),
    response: { 200: z.object({}), ...WRITE },
  },
});

const BrandBody = z.object({
  name: z.string().trim().min(1).max(100),
  username: Username,
  country: z.string().refine(isCountryCode, 'Expected a country code.'),
  // A brand account's profile (about, website, picture) is edited as any profile's, not here.
  about: z.never({ error: 'about: edit the brand account’s profile instead.' }).optional(),
  website: z.never({ error: 'website: edit the brand account’s profile instead.' }).optional(),
  profile_image: z.never({ error: 'profile_image: edit the brand account’s profile instead.' }).optional(),
});
const HierarchyParams = z.object({ business_hierarchy_id: PathId });

export const CreateBrandAccount = v5Operation({
  scopes: SCOPES.readWriteBusiness,
  schema: { querystring: NoQuery, params: HierarchyParams, body: BrandBody, response: { 200: z.object({ brand_account_id: z.string() }), ...WRITE } },
});

export const UpdateBrandAccount = v5Operation({
  scopes: SCOPES.readWriteBusiness,
  schema: {
    querystring: NoQuery,
    params: HierarchyParams.extend({ brand_account_id: PathId }),
    body: BrandBody.partial().refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change.'),
    response: { 200: z.object({ brand_account_id: z.string() }), ...WRITE },
  },
});

// business_access_assets

export const ListAssets = v5Operation({
  scopes: SCOPES.readBusiness,
  schema: {
    params: BusinessParams,
    querystring: Page.extend({
      permissions: listParam(z.enum([...ASSET_PERMISSIONS.filter((p) => p !== 'CONSUMER_USER'), 'OWNER']), 12).optional(),
      child_asset_id: PathId.optional(),
      asset_group_id: PathId.optional(),
      asset_type: AssetType,
    }),
    response: { 200: list(AssetEntry), ...READ },
  },
});

const AssetParams = BusinessParams.extend({ asset_id: PathId });
const Grantee = z.object({ user: UserSummary, permissions: z.array(z.string()) });

export const ListAssetMembers = v5Operation({
  scopes: SCOPES.readBusiness,
  schema: { params: AssetParams, querystring: Page.extend({ fetch_system_users: QueryFlag.optional() }), response: { 200: list(Grantee), ...READ } },
});

export const ListAssetPartners = v5Operation({
  scopes: SCOPES.readBusiness,
  schema: { params: AssetParams, querystring: Page, response: { 200: list(Grantee), ...READ } },
});

const GrantEntry = z.object({ asset_id: z.string(), asset_type: z.string(), permissions: z.array(z.string()), asset_group_info: V5AssetGroup.optional() });

export const ListMemberAssets = v5Operation({
  scopes: SCOPES.readBusiness,
  schema: {
    params: BusinessParams.extend({ member_id: PathId }),
    querystring: Page.extend({ asset_type: AssetType }),
    response: { 200: list(GrantEntry), ...READ },
  },
});

export const ListPartnerAssets = v5Operation({
  scopes: SCOPES.readBusiness,
  schema: {
    params: BusinessParams.extend({ partner_id: PathId }),
    querystring: Page.extend({ asset_type: AssetType, partner_type: PartnerType.default('INTERNAL') }),
    response: { 200: list(GrantEntry), ...READ },
  },
});

const Permissions = z.array(Permission).min(1).max(50);

export const UpdateMemberAccess = v5Operation({
  scopes: SCOPES.writeBusiness,
  schema: {
    querystring: NoQuery,
    params: BusinessParams,
    body: z.object({
      accesses: z
        .array(z.object({ asset_id: Digits(25), member_id: Digits(25), permissions: Permissions }))
        .min(1)
        .max(50),
    }),
    response: {
      200: z.object({ items: z.array(z.object({ response: z.object({ asset_id: z.string(), member_id: z.string(), permissions: z.array(z.string()) }) })) }),
      ...WRITE,
    },
  },
});

export const DeleteMemberAccess = v5Operation({
  scopes: SCOPES.writeBusiness,
  schema: {
    querystring: NoQuery,
    params: BusinessParams,
    body: z.object({
      accesses: z
        .array(z.object({ asset_id: Digits(25), member_id: Digits(25) }))
        .min(1)
        .max(100),
    }),
    response: { 200: z.object({ items: z.array(z.object({ asset_id: z.string(), member_id: z.string() })) }), ...WRITE },
  },
});

export const UpdatePartnerAccess = v5Operation({
  scopes: SCOPES.writeBusiness,
  schema: {
    querystring: NoQuery,
    params: BusinessParams,
    body: z.object({
      accesses: z
        .array(z.object({ asset_id: Digits(25), partner_id: Digits(25), permissions: Permissions }))
        .min(1)
        .max(50),
    }),
    response: { 200: z.object({ items: z.array(GrantAnswer) }), ...WRITE },
  },
});

export const DeletePartnerAccess = v5Operation({
  scopes: SCOPES.writeBusiness,
  schema: {
    querystring: NoQuery,
    params: BusinessParams,
    body: z.object({
      accesses: z
        .array(z.object({ asset_id: Digits(25), partner_id: Digits(25), partner_type: PartnerType.default('INTERNAL') }))
        .min(1)
        .max(50),
    }),
    response: { 200: z.object({ items: z.array(GrantAnswer.extend({ is_shared_partner: z.boolean() })) }), ...WRITE },
  },
});

const GroupTypes = z.array(z.enum(ASSET_GROUP_TYPES)).max(ASSET_GROUP_TYPES.length);
const GroupName = z.string().trim().min(1).max(100);

export const CreateAssetGroup = v5Operation({
  scopes: SCOPES.readWriteBusiness,
  schema: {
    querystring: NoQuery,
    params: BusinessParams,
    body: z.object({ asset_group_name: GroupName, asset_group_description: z.string().max(500), asset_group_types: GroupTypes }),
    response: { 200: z.object({ asset_group: V5AssetGroup }), ...WRITE },
  },
});

export const UpdateAssetGroups = v5Operation({
  scopes: SCOPES.readWriteBusiness,
  schema: {
    querystring: NoQuery,
    params: BusinessParams,
    body: z.object({
      asset_groups_to_update: z
        .array(
          z.object({
            asset_group_id: Digits(25),
            name: GroupName.optional(),
            asset_group_types: GroupTypes.optional(),
            assets_to_add: z.array(Digits(25)).max(100).optional(),
            assets_to_remove: z.array(Digits(25)).max(100).optional(),
          }),
        )
        .min(1)
        .max(50),
    }),
    response: { 200: z.object({ updated_asset_groups: z.array(V5AssetGroup), exceptions: z.array(GroupException).nullable() }), ...WRITE },
  },
});

export const DeleteAssetGroups = v5Operation({
  scopes: SCOPES.readWriteBusiness,
  schema: {
    querystring: NoQuery,
    params: BusinessParams,
    body: z.object({ asset_groups_to_delete: z.array(Digits(25)).min(1).max(50) }),
    response: { 200: z.object({ deleted_asset_groups: z.array(z.string()), exceptions: z.array(GroupException).nullable() }), ...WRITE },
  },
});

// business_access_invite

export const ListInvites = v5Operation({
  scopes: SCOPES.readBusiness,
  schema: {
    params: BusinessParams,
    querystring: Page.extend({
      is_member: QueryFlag.default(true),
      invite_status: listParam(z.enum(INVITE_STATUSES), 2).default([...INVITE_STATUSES]),
      invite_type: z.enum(INVITE_KINDS).optional(),
    }),
    response: { 200: list(V5Invite), ...READ },
  },
});

export const CreateInvites = v5Operation({
  scopes: SCOPES.writeBusiness,
  schema: {
    querystring: NoQuery,
    params: BusinessParams,
    body: z.object({
      business_role: z.enum(['EMPLOYEE', 'BIZ_ADMIN', 'PARTNER']),
      invite_type: z.enum(INVITE_KINDS),
      members: z.array(z.string().min(1).max(100)).min(1).max(50).optional(),
      partners: z.array(Digits(25)).min(1).max(50).optional(),
    }),
    response: {
      200: z.object({
        items: z.array(z.object({ invite: z.object({ id: z.string(), user: UserSummary }).nullable(), exception: InviteException.nullable() })),
      }),
      ...WRITE,
    },
  },
});

export const CancelInvites = v5Operation({
  scopes: SCOPES.writeBusiness,
  schema: {
    querystring: NoQuery,
    params: BusinessParams,
    body: z.object({ invite_ids: z.array(Digits(25)).min(1).max(50) }),
    response: {
      200: z.object({
        items: z.array(z.object({ invite: V5BaseInvite.nullable(), exception: z.object({ invite_id: z.string(), message: z.string() }).nullable() })),
      }),
      ...WRITE,
    },
  },
});

export const AnswerInvites = v5Operation({
  scopes: SCOPES.readWriteBusiness,
  schema: {
    querystring: NoQuery,
    body: z.object({
      invites: z
        .array(z.object({ invite_id: Digits(25), action: z.object({ accept_invite: z.boolean(), asset_id_to_permissions: AssetIdToPermissions.optional() }) }))
        .min(1)
        .max(100),
    }),
    response: { 200: z.object({ items: z.array(z.object({ invite: V5BaseInvite.nullable(), exception: InviteException.nullable() })) }), ...WRITE },
  },
});

export const AddInviteAssets = v5Operation({
  scopes: SCOPES.readWriteBusiness,
  schema: {
    querystring: NoQuery,
    params: BusinessParams,
    body: z.object({
      invites: z
        .array(z.object({ invite_id: Digits(25), invite_type: z.enum(INVITE_KINDS), asset_id_to_permissions: AssetIdToPermissions }))
        .min(1)
        .max(50),
    }),
    response: {
      200: z.object({
        items: z.array(
          z.object({
            invite: V5BaseInvite.extend({ created_by_business_id: z.string(), created_by_user_id: z.string() }).nullable(),
            exception: InviteException.nullable(),
          }),
        ),
      }),
      ...WRITE,
    },
  },
});

export const RequestAssetAccess = v5Operation({
  scopes: SCOPES.readWriteBusiness,
  schema: {
    querystring: NoQuery,
    params: BusinessParams,
    body: z.object({
      asset_requests: z
        .array(z.object({ partner_id: Digits(25), asset_id_to_permissions: AssetIdToPermissions }))
        .min(1)
        .max(100),
    }),
    response: {
      200: z.object({
        invites: z.record(z.string(), z.string()).nullable(),
        exceptions: z.array(z.object({ code: z.number().int(), messages: z.array(z.string()) })).nullable(),
      }),
      ...WRITE,
    },
  },
});
