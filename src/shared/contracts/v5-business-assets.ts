import { z } from 'zod';
import { ASSET_GROUP_TYPES, ASSET_PERMISSIONS } from '../business.ts';
import { NoQuery, QueryFlag, SCOPES, v5Operation } from './v5.ts';
import {
  Digits,
  PathId,
  BusinessParams,
  Page,
  listParam,
  AssetType,
  PartnerType,
  Permission,
  UserSummary,
  list,
  V5AssetGroup,
  AssetEntry,
  GroupException,
  GrantAnswer,
  READ,
  WRITE,
} from './v5-business-shapes.ts';

/**
 * The reference's business access operations tagged business_access_assets
 * (docs/decisions/0051-business-access.md; their shared shapes are in v5-business-shapes.ts).
 * A business is a business account: `business_id` is its user id.
 */

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
