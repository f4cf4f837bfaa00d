import type { Actor } from '../access/actor.ts';
import { checkBusinessAccess, type BusinessAccess } from '../access/business.policy.ts';
import { newId } from '../db/ids.ts';
import type { BusinessAsset } from '../db/schema/businesses.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import type { AssetKind } from '../../shared/business.ts';
import { assetRows, assetsOf, grantsOfGranteeByKind, grantsOfGrantees, grantsOnAsset, insertAsset } from './assets.repo.ts';
import { paged, probe, windowOf, type PageAsk } from './paging.ts';

/** A business's assets: ad accounts made here, profiles, asset groups; and who holds which permissions on them. */

export type NewAdAccount = { name: string; country: string; currency: string };

/** Creates an ad account owned by the business (name, country, currency, owner). */
export async function createAdAccount(deps: Deps, actor: Actor, businessId: string, fields: NewAdAccount): Promise<BusinessAsset> {
  const access = await checkBusinessAccess(deps.db, actor, { businessId }, 'change');
  const now = Date.now();
  const row = {
    id: newId(),
    business_id: access.businessId,
    kind: 'AD_ACCOUNT',
    name: fields.name,
    description: '',
    country: fields.country,
    currency: fields.currency,
    profile_user_id: null,
    group_types: '[]',
    created_by: access.userId,
    created_at: now,
    updated_at: now,
  };
  await transact(deps.db, async (trx) => {
    await insertAsset(trx, row);
    const after = { kind: 'AD_ACCOUNT', name: fields.name, country: fields.country, currency: fields.currency };
    await deps.events.record(trx, access.userId, { type: 'business.asset_changed', businessId: access.businessId, assetId: row.id, before: null, after });
  });
  return row;
}

/**
 * The business's assets of a kind. Its owner and admins see them all; anyone else only the ones
 * they hold a grant on, so a list never shows an asset its reader could not open.
 */
export async function listAssets(deps: Deps, actor: Actor, businessId: string, query: { kind: AssetKind | null; groupId?: string }, ask: PageAsk) {
  const access = await checkBusinessAccess(deps.db, actor, { businessId }, 'read');
  const window = windowOf(ask);
  if (query.groupId !== undefined) await checkBusinessAccess(deps.db, actor, { businessId, assetId: query.groupId }, 'read');
  if (query.kind === null) return paged([], window);
  const manages = access.role === 'OWNER' || access.role === 'BIZ_ADMIN';
  if (manages || query.groupId !== undefined)
    return paged(await assetsOf(deps.db, access.businessId, { kind: query.kind, groupId: query.groupId, ...probe(window) }), window);
  const grants = await grantsOfGranteeByKind(deps.db, access.businessId, access.userId, query.kind, probe(window).offset, probe(window).limit);
  const assets = await assetsByIds(
    deps,
    access,
    grants.map((g) => g.asset_id),
  );
  return paged(assets, window);
}

async function assetsByIds(deps: Deps, access: BusinessAccess, ids: readonly string[]): Promise<BusinessAsset[]> {
  const rows = await assetRows(deps.db, access.businessId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Who holds permissions on one asset: its members or its partners. */
export async function assetGrantees(deps: Deps, actor: Actor, businessId: string, assetId: string, kind: 'MEMBER' | 'PARTNER', ask: PageAsk) {
  await checkBusinessAccess(deps.db, actor, { businessId, assetId }, 'read');
  const window = windowOf(ask);
  return paged(await grantsOnAsset(deps.db, assetId, kind, probe(window).offset, probe(window).limit), window);
}

/**
 * A member's grants on the business's assets of a kind. A member reads their own; reading someone
 * else's is managing the business.
 */
export async function memberAssets(deps: Deps, actor: Actor, businessId: string, memberId: string, kind: AssetKind | null, ask: PageAsk) {
  const own = actor.kind !== 'visitor' && actor.userId === memberId;
  const access = await checkBusinessAccess(deps.db, actor, { businessId }, own ? 'read' : 'invite');
  const window = windowOf(ask);
  if (kind === null) return paged([], window);
  return paged(await grantsOfGranteeByKind(deps.db, access.businessId, memberId, kind, probe(window).offset, probe(window).limit), window);
}

/** INTERNAL: a partner's grants on this business's assets; EXTERNAL: this business's grants on the partner's. */
export async function partnerAssets(
  deps: Deps,
  actor: Actor,
  businessId: string,
  partnerId: string,
  side: 'INTERNAL' | 'EXTERNAL',
  kind: AssetKind | null,
  ask: PageAsk,
) {
  const access = await checkBusinessAccess(deps.db, actor, { businessId }, side === 'INTERNAL' ? 'invite' : 'read');
  const window = windowOf(ask);
  if (kind === null) return paged([], window);
  const [owner, grantee] = side === 'INTERNAL' ? [access.businessId, partnerId] : [partnerId, access.businessId];
  return paged(await grantsOfGranteeByKind(deps.db, owner, grantee, kind, probe(window).offset, probe(window).limit), window);
}

/** Each grantee's grants on the business's assets, as the reference's assets_summary. */
export async function assetsSummaries(deps: Deps, businessId: string, granteeIds: readonly string[]) {
  const rows = await grantsOfGrantees(deps.db, businessId, granteeIds);
  const out = new Map<string, { ad_accounts: { id: string; permissions: string[] }[]; profiles: { id: string; permissions: string[] }[] }>();
  for (const id of granteeIds) out.set(id, { ad_accounts: [], profiles: [] });
  for (const row of rows) {
    const entry = { id: row.asset_id, permissions: JSON.parse(row.permissions) as string[] };
    if (row.kind === 'AD_ACCOUNT') out.get(row.grantee_id)?.ad_accounts.push(entry);
    if (row.kind === 'PROFILE') out.get(row.grantee_id)?.profiles.push(entry);
  }
  return out;
}
