import type { Db } from '../db/database.ts';

/** The reads the business permission check decides from (business.policy.ts): index probes only. */

export async function businessAccount(db: Db, businessId: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('users').select('id').where('id', '=', businessId).where('is_partner', '=', 1).executeTakeFirst();
}

/** The person's role in the business, if they are a member. */
export async function memberRole(db: Db, businessId: string, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('business_members').select('role').where('business_id', '=', businessId).where('user_id', '=', userId).executeTakeFirst();
  return row?.role;
}

/** The businesses whose parent the person runs (as its owner or an admin): organization managers act on children. */
export async function parentRoles(db: Db, childId: string, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('business_children')
    .leftJoin('business_members', (join) =>
      join.onRef('business_members.business_id', '=', 'business_children.parent_id').on('business_members.user_id', '=', userId),
    )
    .select(['business_children.parent_id', 'business_members.role'])
    .where('business_children.child_id', '=', childId)
    .execute();
  return rows.flatMap((r) => (r.parent_id === userId ? ['OWNER'] : r.role ? [r.role] : []));
}

export async function assetOwner(db: Db, assetId: string): Promise<{ business_id: string; kind: string } | undefined> {
  return db.selectFrom('business_assets').select(['business_id', 'kind']).where('id', '=', assetId).executeTakeFirst();
}

/** The businesses the person runs as owner or admin: whose partner grants they act on. */
export async function businessesRunBy(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('business_members').select('business_id').where('user_id', '=', userId).where('role', '=', 'BIZ_ADMIN').execute();
  return [userId, ...rows.map((r) => r.business_id)];
}

/** The grants on an asset, and on the groups holding it, to any of `granteeIds`. */
export async function grantsOn(db: Db, assetId: string, granteeIds: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('asset_grants')
    .select('permissions')
    .where('grantee_id', 'in', granteeIds)
    .where((eb) =>
      eb.or([eb('asset_id', '=', assetId), eb('asset_id', 'in', eb.selectFrom('asset_group_assets').select('group_id').where('asset_id', '=', assetId))]),
    )
    .execute();
  return rows.map((r) => r.permissions);
}
