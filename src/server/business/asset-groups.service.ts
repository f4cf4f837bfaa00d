import type { Actor } from '../access/actor.ts';
import { checkBusinessAccess } from '../access/business.policy.ts';
import { newId } from '../db/ids.ts';
import type { BusinessAsset } from '../db/schema/businesses.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { AssetGroupType } from '../../shared/business.ts';
import {
  addToGroup,
  assetRow,
  assetRows,
  deleteAsset,
  deleteGrant,
  grantsOnAssetAll,
  groupContents,
  insertAsset,
  removeFromGroup,
  updateAsset,
} from './assets.repo.ts';
import { listOf } from './paging.ts';

/** Asset groups: named sets of a business's ad accounts and profiles, whose grants pass to what they hold. */

export type AssetGroup = BusinessAsset & { contents: { id: string; kind: string }[] };
export type GroupException = { asset_group_id: string; code: number; message: string };

export async function withContents(deps: Deps, groups: readonly BusinessAsset[]): Promise<AssetGroup[]> {
  const contents = await groupContents(
    deps.db,
    groups.map((g) => g.id),
  );
  return groups.map((g) => ({ ...g, contents: contents.get(g.id) ?? [] }));
}

const describe = (group: Pick<BusinessAsset, 'name' | 'description' | 'group_types'>, assets: readonly string[]) => ({
  name: group.name,
  description: group.description,
  types: listOf(group.group_types),
  assets: [...assets],
});

/** Creates an empty group (spec: a new group has no assets and no users). */
export async function createAssetGroup(
  deps: Deps,
  actor: Actor,
  businessId: string,
  fields: { name: string; description: string; types: readonly AssetGroupType[] },
): Promise<AssetGroup> {
  const access = await checkBusinessAccess(deps.db, actor, { businessId }, 'change');
  const now = Date.now();
  const row = {
    id: newId(),
    business_id: access.businessId,
    kind: 'ASSET_GROUP',
    name: fields.name,
    description: fields.description,
    country: null,
    currency: null,
    profile_user_id: null,
    group_types: JSON.stringify([...new Set(fields.types)]),
    created_by: access.userId,
    created_at: now,
    updated_at: now,
  };
  await transact(deps.db, async (trx) => {
    await insertAsset(trx, row);
    await deps.events.record(trx, access.userId, {
      type: 'business.asset_changed',
      businessId: access.businessId,
      assetId: row.id,
      before: null,
      after: describe(row, []),
    });
  });
  return { ...row, contents: [] };
}

export type GroupUpdate = { asset_group_id: string; name?: string; types?: readonly AssetGroupType[]; add?: readonly string[]; remove?: readonly string[] };

/** Edits groups: changed fields merge into the group; ad accounts and profiles of the business go in or out. */
export async function updateAssetGroups(deps: Deps, actor: Actor, businessId: string, updates: readonly GroupUpdate[]) {
  const access = await checkBusinessAccess(deps.db, actor, { businessId }, 'read');
  const exceptions: GroupException[] = [];
  const updated: AssetGroup[] = [];
  for (const update of updates) {
    try {
      await checkBusinessAccess(deps.db, actor, { businessId, assetId: update.asset_group_id }, 'change');
      updated.push(await updateGroup(deps, access.userId, access.businessId, update));
    } catch (error) {
      if (!(error instanceof AppError) || error.httpStatus >= 500) throw error;
      exceptions.push({ asset_group_id: update.asset_group_id, code: error.httpStatus, message: error.message });
    }
  }
  return { updated, exceptions };
}

async function updateGroup(deps: Deps, actorId: string, businessId: string, update: GroupUpdate): Promise<AssetGroup> {
  return transact(deps.db, async (trx) => {
    const group = await assetRow(trx, businessId, update.asset_group_id);
    if (group?.kind !== 'ASSET_GROUP') throw new AppError('not_found', `asset_group_id ${update.asset_group_id}: not an asset group of this business.`);
    const adding = await assetRows(trx, businessId, update.add ?? []);
    if (adding.length !== new Set(update.add).size || adding.some((a) => a.kind === 'ASSET_GROUP'))
      throw new AppError('bad_request', 'assets_to_add: only ad accounts and profiles of this business go into a group.');
    const before = (await groupContents(trx, [group.id])).get(group.id)?.map((a) => a.id) ?? [];
    const changes = {
      name: update.name ?? group.name,
      group_types: update.types ? JSON.stringify([...new Set(update.types)]) : group.group_types,
      updated_at: Date.now(),
    };
    await updateAsset(trx, group.id, changes);
    await addToGroup(trx, group.id, update.add ?? []);
    await removeFromGroup(trx, group.id, update.remove ?? []);
    const contents = (await groupContents(trx, [group.id])).get(group.id) ?? [];
    const next = { ...group, ...changes };
    await deps.events.record(trx, actorId, {
      type: 'business.asset_changed',
      businessId,
      assetId: group.id,
      before: describe(group, before),
      after: describe(
        next,
        contents.map((a) => a.id),
      ),
    });
    return { ...next, contents };
  });
}

/** Deletes groups with their grants; the ad accounts and profiles they held stay. */
export async function deleteAssetGroups(deps: Deps, actor: Actor, businessId: string, ids: readonly string[]) {
  const access = await checkBusinessAccess(deps.db, actor, { businessId }, 'read');
  const deleted: string[] = [];
  const exceptions: GroupException[] = [];
  for (const id of ids) {
    try {
      await checkBusinessAccess(deps.db, actor, { businessId, assetId: id }, 'delete');
      await transact(deps.db, async (trx) => {
        const group = await assetRow(trx, access.businessId, id);
        if (group?.kind !== 'ASSET_GROUP') throw new AppError('not_found', `asset_group_id ${id}: not an asset group of this business.`);
        const held = (await groupContents(trx, [id])).get(id)?.map((a) => a.id) ?? [];
        // The group's grants go with it, each into History like any other taken permission.
        for (const grant of await grantsOnAssetAll(trx, id)) {
          await deleteGrant(trx, id, grant.grantee_id);
          const before = { permissions: listOf(grant.permissions) };
          await deps.events.record(trx, access.userId, {
            type: 'business.grant_changed',
            businessId: access.businessId,
            assetId: id,
            granteeId: grant.grantee_id,
            before,
            after: null,
          });
        }
        await deleteAsset(trx, id);
        await deps.events.record(trx, access.userId, {
          type: 'business.asset_changed',
          businessId: access.businessId,
          assetId: id,
          before: describe(group, held),
          after: null,
        });
      });
      deleted.push(id);
    } catch (error) {
      if (!(error instanceof AppError) || error.httpStatus >= 500) throw error;
      exceptions.push({ asset_group_id: id, code: error.httpStatus, message: error.message });
    }
  }
  return { deleted, exceptions };
}
