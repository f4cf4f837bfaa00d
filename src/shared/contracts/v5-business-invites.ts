import { z } from 'zod';
import { INVITE_KINDS, INVITE_STATUSES } from '../business.ts';
import { NoQuery, QueryFlag, SCOPES, v5Operation } from './v5.ts';
import {
  Digits,
  BusinessParams,
  Page,
  listParam,
  AssetIdToPermissions,
  UserSummary,
  list,
  V5BaseInvite,
  V5Invite,
  InviteException,
  READ,
  WRITE,
} from './v5-business-shapes.ts';

/**
 * The reference's business access operations tagged business_access_invite
 * (docs/decisions/0051-business-access.md; their shared shapes are in v5-business-shapes.ts).
 * A business is a business account: `business_id` is its user id.
 */

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
