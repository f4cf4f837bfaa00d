import type { Actor } from '../access/actor.ts';
import { checkBusinessAccess, type BusinessAccess } from '../access/business.policy.ts';
import type { Db } from '../db/database.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { AssetPermission } from '../../shared/business.ts';
import { assetRow, deleteGrant, grantRow, putGrant } from './assets.repo.ts';
import { isPartner, memberRow } from './business.repo.ts';
import { listOf } from './paging.ts';

/**
 * Giving and taking permissions per asset (an ad account, a profile or an asset group, which
 * passes them on to what it holds). Each change writes the grant and its History in one
 * transaction; a batch is checked whole before anything is written, so it applies whole or not at all.
 */

export type GranteeKind = 'MEMBER' | 'PARTNER';
export type Access = { asset_id: string; grantee_id: string; permissions: readonly AssetPermission[] };
export type GrantResult = { asset_id: string; asset_type: string; grantee_id: string; permissions: string[] };

async function checkEach(deps: Deps, actor: Actor, businessId: string, assetIds: readonly string[]): Promise<BusinessAccess[]> {
  const checks: BusinessAccess[] = [];
  for (const assetId of new Set(assetIds)) checks.push(await checkBusinessAccess(deps.db, actor, { businessId, assetId }, 'invite'));
  return checks;
}

async function requireGrantee(db: Db, businessId: string, kind: GranteeKind, granteeId: string): Promise<void> {
  const known = kind === 'MEMBER' ? (await memberRow(db, businessId, granteeId)) !== undefined : await isPartner(db, businessId, granteeId);
  if (!known)
    throw new AppError(
      'not_found',
      `${kind === 'MEMBER' ? 'member_id' : 'partner_id'} ${granteeId}: not a ${kind === 'MEMBER' ? 'member' : 'partner'} of this business.`,
    );
}

/** Writes one grant (or replaces it) with its History; used by invites on acceptance too. */
export async function writeGrant(deps: Deps, trx: Db, actorId: string, businessId: string, kind: GranteeKind, access: Access): Promise<GrantResult> {
  const asset = await assetRow(trx, businessId, access.asset_id);
  if (!asset) throw new AppError('not_found', `asset_id ${access.asset_id}: not an asset of this business.`);
  const before = await grantRow(trx, access.asset_id, access.grantee_id);
  const permissions = [...new Set(access.permissions)];
  await putGrant(trx, {
    asset_id: access.asset_id,
    grantee_id: access.grantee_id,
    grantee_kind: kind,
    business_id: businessId,
    permissions: JSON.stringify(permissions),
    updated_at: Date.now(),
  });
  await deps.events.record(trx, actorId, {
    type: 'business.grant_changed',
    businessId,
    assetId: access.asset_id,
    granteeId: access.grantee_id,
    before: before ? { permissions: listOf(before.permissions) } : null,
    after: { permissions },
  });
  return { asset_id: access.asset_id, asset_type: asset.kind, grantee_id: access.grantee_id, permissions };
}

/** Gives members or partners permissions on assets, replacing what each held on that asset. */
export async function updateGrants(deps: Deps, actor: Actor, businessId: string, kind: GranteeKind, accesses: readonly Access[]): Promise<GrantResult[]> {
  const [first] = await checkEach(
    deps,
    actor,
    businessId,
    accesses.map((a) => a.asset_id),
  );
  if (!first) return [];
  return transact(deps.db, async (trx) => {
    const results: GrantResult[] = [];
    for (const access of accesses) {
      await requireGrantee(trx, first.businessId, kind, access.grantee_id);
      results.push(await writeGrant(deps, trx, first.userId, first.businessId, kind, access));
    }
    return results;
  });
}

/** Takes permissions away; a grant that is not there is left out of the answer. */
export async function deleteGrants(
  deps: Deps,
  actor: Actor,
  businessId: string,
  kind: GranteeKind,
  accesses: readonly Omit<Access, 'permissions'>[],
): Promise<GrantResult[]> {
  const [first] = await checkEach(
    deps,
    actor,
    businessId,
    accesses.map((a) => a.asset_id),
  );
  if (!first) return [];
  return transact(deps.db, async (trx) => {
    const results: GrantResult[] = [];
    for (const access of accesses) {
      const before = await grantRow(trx, access.asset_id, access.grantee_id);
      if (before?.grantee_kind !== kind) continue;
      const asset = await assetRow(trx, first.businessId, access.asset_id);
      await deleteGrant(trx, access.asset_id, access.grantee_id);
      const permissions = listOf(before.permissions);
      await deps.events.record(trx, first.userId, {
        type: 'business.grant_changed',
        businessId: first.businessId,
        assetId: access.asset_id,
        granteeId: access.grantee_id,
        before: { permissions },
        after: null,
      });
      results.push({ asset_id: access.asset_id, asset_type: asset?.kind ?? 'AD_ACCOUNT', grantee_id: access.grantee_id, permissions });
    }
    return results;
  });
}
