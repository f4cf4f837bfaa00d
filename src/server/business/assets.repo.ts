import type { Db } from '../db/database.ts';
import type { AssetGrant, BusinessAsset, BusinessAssetsTable } from '../db/schema/businesses.ts';

/** Assets (ad accounts, profiles, asset groups), the groups' contents and the grants on them. */

export async function insertAsset(db: Db, row: BusinessAssetsTable): Promise<void> {
  await db.insertInto('business_assets').values(row).execute();
}

export async function assetRow(db: Db, businessId: string, assetId: string): Promise<BusinessAsset | undefined> {
  return db.selectFrom('business_assets').selectAll().where('id', '=', assetId).where('business_id', '=', businessId).executeTakeFirst();
}

export async function assetRows(db: Db, businessId: string, ids: readonly string[]): Promise<BusinessAsset[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('business_assets')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('id', 'in', [...ids])
    .execute();
}

export async function updateAsset(
  db: Db,
  assetId: string,
  changes: Partial<Pick<BusinessAssetsTable, 'name' | 'description' | 'group_types' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('business_assets').set(changes).where('id', '=', assetId).execute();
}

export async function deleteAsset(db: Db, assetId: string): Promise<void> {
  await db.deleteFrom('business_assets').where('id', '=', assetId).execute();
}

/** A business's assets of a kind, by id ascending; in a group when `groupId` is given. */
export async function assetsOf(
  db: Db,
  businessId: string,
  options: { kind: string; groupId?: string; offset: number; limit: number },
): Promise<BusinessAsset[]> {
  let query = db.selectFrom('business_assets').selectAll().where('business_id', '=', businessId).where('kind', '=', options.kind);
  if (options.groupId !== undefined)
    query = query.where('id', 'in', (eb) =>
      eb
        .selectFrom('asset_group_assets')
        .select('asset_id')
        .where('group_id', '=', options.groupId ?? ''),
    );
  return query.orderBy('id').offset(options.offset).limit(options.limit).execute();
}

/** The assets in each group, by group id. */
export async function groupContents(db: Db, groupIds: readonly string[]): Promise<Map<string, { id: string; kind: string }[]>> {
  const out = new Map<string, { id: string; kind: string }[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return out;
  const rows = await db
    .selectFrom('asset_group_assets')
    .innerJoin('business_assets', 'business_assets.id', 'asset_group_assets.asset_id')
    .select(['asset_group_assets.group_id', 'business_assets.id', 'business_assets.kind'])
    .where('asset_group_assets.group_id', 'in', [...groupIds])
    .orderBy('business_assets.id')
    .execute();
  for (const row of rows) out.get(row.group_id)?.push({ id: row.id, kind: row.kind });
  return out;
}

export async function addToGroup(db: Db, groupId: string, assetIds: readonly string[]): Promise<void> {
  if (assetIds.length === 0) return;
  await db
    .insertInto('asset_group_assets')
    .values(assetIds.map((asset_id) => ({ group_id: groupId, asset_id })))
    .onConflict((oc) => oc.columns(['group_id', 'asset_id']).doNothing())
    .execute();
}

export async function removeFromGroup(db: Db, groupId: string, assetIds: readonly string[]): Promise<void> {
  if (assetIds.length > 0)
    await db
      .deleteFrom('asset_group_assets')
      .where('group_id', '=', groupId)
      .where('asset_id', 'in', [...assetIds])
      .execute();
}

export async function grantRow(db: Db, assetId: string, granteeId: string): Promise<AssetGrant | undefined> {
  return db.selectFrom('asset_grants').selectAll().where('asset_id', '=', assetId).where('grantee_id', '=', granteeId).executeTakeFirst();
}

export async function putGrant(db: Db, row: AssetGrant): Promise<void> {
  await db
    .insertInto('asset_grants')
    .values(row)
    .onConflict((oc) => oc.columns(['asset_id', 'grantee_id']).doUpdateSet({ permissions: row.permissions, updated_at: row.updated_at }))
    .execute();
}

export async function deleteGrant(db: Db, assetId: string, granteeId: string): Promise<void> {
  await db.deleteFrom('asset_grants').where('asset_id', '=', assetId).where('grantee_id', '=', granteeId).execute();
}

/** Every grant a grantee holds on a business's assets (what leaves with a member or partner). */
export async function grantsOfGrantee(db: Db, businessId: string, granteeId: string): Promise<AssetGrant[]> {
  return db.selectFrom('asset_grants').selectAll().where('grantee_id', '=', granteeId).where('business_id', '=', businessId).orderBy('asset_id').execute();
}

/** A page of a grantee's grants on assets of a kind. */
export async function grantsOfGranteeByKind(db: Db, businessId: string, granteeId: string, kind: string, offset: number, limit: number) {
  return db
    .selectFrom('asset_grants')
    .innerJoin('business_assets', 'business_assets.id', 'asset_grants.asset_id')
    .select(['asset_grants.asset_id', 'asset_grants.permissions', 'business_assets.kind'])
    .where('asset_grants.grantee_id', '=', granteeId)
    .where('asset_grants.business_id', '=', businessId)
    .where('business_assets.kind', '=', kind)
    .orderBy('asset_grants.asset_id')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** A page of the grants on one asset to members or to partners. */
export async function grantsOnAsset(db: Db, assetId: string, granteeKind: 'MEMBER' | 'PARTNER', offset: number, limit: number): Promise<AssetGrant[]> {
  return db
    .selectFrom('asset_grants')
    .selectAll()
    .where('asset_id', '=', assetId)
    .where('grantee_kind', '=', granteeKind)
    .orderBy('grantee_id')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** Every grant of several grantees on a business's assets, for summaries. */
export async function grantsOfGrantees(db: Db, businessId: string, granteeIds: readonly string[]) {
  if (granteeIds.length === 0) return [];
  return db
    .selectFrom('asset_grants')
    .innerJoin('business_assets', 'business_assets.id', 'asset_grants.asset_id')
    .select(['asset_grants.grantee_id', 'asset_grants.asset_id', 'asset_grants.permissions', 'business_assets.kind'])
    .where('asset_grants.business_id', '=', businessId)
    .where('asset_grants.grantee_id', 'in', [...granteeIds])
    .orderBy('asset_grants.asset_id')
    .execute();
}

/** Every grant on one asset (what goes with it when it is deleted). */
export async function grantsOnAssetAll(db: Db, assetId: string): Promise<AssetGrant[]> {
  return db.selectFrom('asset_grants').selectAll().where('asset_id', '=', assetId).orderBy('grantee_id').execute();
}
