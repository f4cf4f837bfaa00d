/**
 * The words of business access (business spec sections 3, 6 and 9; the v5 reference's enums), shared
 * by the server, the contracts and the console. docs/decisions/0051-business-access.md.
 */

/** The reference's MemberBusinessRole: what a person is in a business. */
export const MEMBER_ROLES = ['EMPLOYEE', 'BIZ_ADMIN'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** The reference's Permissions: what a member or partner may do on one asset. */
export const ASSET_PERMISSIONS = [
  'ADMIN',
  'ANALYST',
  'FINANCE_MANAGER',
  'FINANCE_EDIT',
  'FINANCE_VIEW',
  'AUDIENCE_MANAGER',
  'CAMPAIGN_MANAGER',
  'CATALOGS_MANAGER',
  'CATALOGS_VIEWER',
  'PROFILE_PUBLISHER',
  'CONSUMER_USER',
] as const;
export type AssetPermission = (typeof ASSET_PERMISSIONS)[number];

/** What a business owns. Asset groups gather ad accounts and profiles. */
export const ASSET_KINDS = ['AD_ACCOUNT', 'PROFILE', 'ASSET_GROUP'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

/** The reference's AssetGroupType. */
export const ASSET_GROUP_TYPES = ['BRAND', 'LOCATION_OR_LANGUAGE', 'PRODUCT_LINE', 'OTHER'] as const;
export type AssetGroupType = (typeof ASSET_GROUP_TYPES)[number];

/** The reference's InviteType: a business invites a person or a partner, or asks a partner for its assets. */
export const INVITE_KINDS = ['MEMBER_INVITE', 'PARTNER_INVITE', 'PARTNER_REQUEST'] as const;
export type InviteKind = (typeof INVITE_KINDS)[number];

/** What an invite or request is listed as: a pending one past its expiry is EXPIRED. */
export const INVITE_STATUSES = ['PENDING', 'EXPIRED'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** How long an invite or request waits for its answer. */
export const INVITE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** Business spec section 9: tables page by 10, ascending. */
export const TABLE_PAGE_SIZE = 10;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Business spec section 9: History's default range, 7 days ago to 1 day ago (whole days, UTC). */
export function defaultHistoryRange(now: number): { from: number; to: number } {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return { from: today - 7 * DAY_MS, to: today - DAY_MS + (DAY_MS - 1) };
}
