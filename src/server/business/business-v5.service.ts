import type { AssetGrant, BusinessAsset, BusinessInvite } from '../db/schema/businesses.ts';
import type { Deps } from '../deps.ts';
import type { z } from 'zod';
import type { V5AssetGroup, V5BaseInvite, V5RoleBinding } from '../../shared/contracts/v5-business.ts';
import { withContents } from './asset-groups.service.ts';
import { assetRows } from './assets.repo.ts';
import { assetsSummaries } from './assets.service.ts';
import { userSummaries, type UserSummary } from './business.repo.ts';
import { statusOf } from './invites.service.ts';
import { listOf } from './paging.ts';

/**
 * Business rows in the reference's shapes, with the names they show loaded in one query per list.
 * Email addresses stay out (null): the reference allows it, and an address is not the business's to hand out.
 */

type Summary = { id: string | null; username: string | null; email: null };

const summaryOf = (people: Map<string, UserSummary>, id: string | null): Summary | null => {
  if (id === null) return null;
  return { id, username: people.get(id)?.username ?? null, email: null };
};

export async function presentBindings(
  deps: Deps,
  businessId: string,
  rows: readonly { id: string; roles: string[]; created_at: number; created_by: string | null; business: string }[],
  withAssets: boolean,
): Promise<z.infer<typeof V5RoleBinding>[]> {
  const people = await userSummaries(deps.db, [...rows.map((r) => r.id), ...rows.flatMap((r) => r.created_by ?? []), ...rows.map((r) => r.business)]);
  const summaries = withAssets
    ? await assetsSummaries(
        deps,
        businessId,
        rows.map((r) => r.id),
      )
    : undefined;
  return rows.map((r) => ({
    id: r.id,
    user: summaryOf(people, r.id),
    business_roles: r.roles,
    created_time: Math.floor(r.created_at / 1000),
    created_by_user: summaryOf(people, r.created_by),
    created_by_business: summaryOf(people, r.business),
    ...(summaries ? { assets_summary: summaries.get(r.id) ?? { ad_accounts: [], profiles: [] } } : {}),
  }));
}

export async function presentGroups(deps: Deps, groups: readonly BusinessAsset[]): Promise<z.infer<typeof V5AssetGroup>[]> {
  const full = await withContents(deps, groups);
  const people = await userSummaries(deps.db, [...groups.flatMap((g) => g.created_by ?? []), ...groups.map((g) => g.business_id)]);
  return full.map((g) => ({
    id: g.id,
    asset_group_name: g.name,
    asset_group_description: g.description,
    asset_group_types: listOf(g.group_types),
    ad_accounts_ids: g.contents.filter((a) => a.kind === 'AD_ACCOUNT').map((a) => a.id),
    profiles_ids: g.contents.filter((a) => a.kind === 'PROFILE').map((a) => a.id),
    catalogs_ids: [],
    created_by: summaryOf(people, g.created_by),
    owner: summaryOf(people, g.business_id),
    created_time: Math.floor(g.created_at / 1000),
    updated_time: Math.floor(g.updated_at / 1000),
  }));
}

/** Assets with their group's details where they are groups. */
export async function presentAssets(deps: Deps, assets: readonly BusinessAsset[]) {
  const groups = new Map(
    (
      await presentGroups(
        deps,
        assets.filter((a) => a.kind === 'ASSET_GROUP'),
      )
    ).map((g) => [g.id, g]),
  );
  return assets.map((a) => {
    const group = groups.get(a.id);
    return { asset_id: a.id, asset_type: a.kind, ...(group ? { asset_group_info: group } : {}) };
  });
}

export async function presentGrantees(deps: Deps, grants: readonly AssetGrant[]) {
  const people = await userSummaries(
    deps.db,
    grants.map((g) => g.grantee_id),
  );
  return grants.map((g) => ({ user: summaryOf(people, g.grantee_id) ?? { id: null, username: null, email: null }, permissions: listOf(g.permissions) }));
}

function baseInvite(people: Map<string, UserSummary>, viewerBusinessId: string, now: number) {
  return (i: BusinessInvite): z.infer<typeof V5BaseInvite> => ({
    id: i.id,
    invite_data: {
      invite_expiration: Math.floor(i.expires_at / 1000),
      invite_status: statusOf(i, now),
      invite_type: i.kind,
      last_updated_time: Math.floor(i.updated_at / 1000),
      sent_at: Math.floor(i.created_at / 1000),
    },
    is_received_invite: i.invitee_id === viewerBusinessId,
    user: summaryOf(people, i.invitee_id) ?? { id: null, username: null, email: null },
  });
}

export async function presentInvites(deps: Deps, viewerBusinessId: string, invites: readonly BusinessInvite[]): Promise<z.infer<typeof V5BaseInvite>[]> {
  const people = await userSummaries(
    deps.db,
    invites.map((i) => i.invitee_id),
  );
  return invites.map(baseInvite(people, viewerBusinessId, Date.now()));
}

/** The list form of invites: roles, who sent them, and the assets they carry. */
export async function presentInviteList(deps: Deps, viewerBusinessId: string, invites: readonly BusinessInvite[]) {
  const people = await userSummaries(deps.db, [...invites.map((i) => i.created_by), ...invites.map((i) => i.business_id), ...invites.map((i) => i.invitee_id)]);
  const base = baseInvite(people, viewerBusinessId, Date.now());
  const kinds = await assetKinds(
    deps,
    invites.flatMap((i) => [...Object.keys(JSON.parse(i.asset_permissions) as object).map((id) => ({ business: i.business_id, id }))]),
  );
  return invites.map((invite) => {
    const assets = Object.entries(JSON.parse(invite.asset_permissions) as Record<string, string[]>);
    const of = (kind: string) => assets.filter(([id]) => kinds.get(id) === kind).map(([id, permissions]) => ({ id, permissions }));
    return {
      ...base(invite),
      business_roles: [invite.role],
      created_by_business: summaryOf(people, invite.business_id),
      created_by_user: summaryOf(people, invite.created_by),
      created_time: Math.floor(invite.created_at / 1000),
      assets_summary: { ad_accounts: of('AD_ACCOUNT'), profiles: of('PROFILE') },
    };
  });
}

async function assetKinds(deps: Deps, refs: readonly { business: string; id: string }[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const business of new Set(refs.map((r) => r.business)))
    for (const row of await assetRows(
      deps.db,
      business,
      refs.filter((r) => r.business === business).map((r) => r.id),
    ))
      out.set(row.id, row.kind);
  return out;
}
