import type { Selectable } from 'kysely';

// Business access (migration 0030, docs/decisions/0051-business-access.md).

export type BusinessMembersTable = { business_id: string; user_id: string; role: string; created_by: string | null; created_at: number };
export type BusinessPartnersTable = { business_id: string; partner_id: string; created_by: string | null; created_at: number };

export type BusinessAssetsTable = {
  id: string;
  business_id: string;
  /** AD_ACCOUNT, PROFILE or ASSET_GROUP. */
  kind: string;
  name: string;
  description: string;
  country: string | null;
  currency: string | null;
  /** A profile asset: the account it is. */
  profile_user_id: string | null;
  /** An asset group's types, as a JSON list. */
  group_types: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
};
export type BusinessAsset = Selectable<BusinessAssetsTable>;

export type AssetGroupAssetsTable = { group_id: string; asset_id: string };

export type AssetGrantsTable = {
  asset_id: string;
  grantee_id: string;
  /** MEMBER (a user) or PARTNER (a business). */
  grantee_kind: string;
  business_id: string;
  /** JSON list of the reference's Permissions. */
  permissions: string;
  updated_at: number;
};
export type AssetGrant = Selectable<AssetGrantsTable>;

export type BusinessInvitesTable = {
  id: string;
  business_id: string;
  /** MEMBER_INVITE, PARTNER_INVITE or PARTNER_REQUEST. */
  kind: string;
  /** EMPLOYEE, BIZ_ADMIN or PARTNER. */
  role: string;
  invitee_id: string;
  /** JSON: asset id to permissions, given on acceptance. */
  asset_permissions: string;
  /** PENDING, ACCEPTED, DECLINED or CANCELLED; a PENDING one past expires_at reads as EXPIRED. */
  status: string;
  created_by: string;
  created_at: number;
  updated_at: number;
  expires_at: number;
};
export type BusinessInvite = Selectable<BusinessInvitesTable>;

export type BusinessChildrenTable = { parent_id: string; child_id: string; created_at: number };

export type BusinessHistoryTable = {
  id: string;
  business_id: string;
  actor_id: string | null;
  action: string;
  subject_id: string;
  /** JSON of the values before and after the change; null where there were none. */
  before: string | null;
  after: string | null;
  created_at: number;
};
export type BusinessHistoryRow = Selectable<BusinessHistoryTable>;
