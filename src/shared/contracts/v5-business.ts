import { z } from 'zod';
import { Username } from '../validation/username.ts';
import { isCountryCode } from '../member-settings.ts';
import { MEMBER_ROLES } from '../business.ts';
import { NoQuery, QueryFlag, SCOPES, v5Operation } from './v5.ts';
import { Digits, PathId, BusinessParams, Page, listParam, IdList, PartnerType, V5RoleBinding, list, READ, WRITE } from './v5-business-shapes.ts';

/**
 * The reference's business access operations tagged business_access_relationships
 * (docs/decisions/0051-business-access.md; their shared shapes are in v5-business-shapes.ts).
 * A business is a business account: `business_id` is its user id.
 */

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

// The other two tags, so the routes and services import every operation from one place.
export * from './v5-business-assets.ts';
export * from './v5-business-invites.ts';
export { V5AssetGroup, V5BaseInvite, V5RoleBinding } from './v5-business-shapes.ts';
