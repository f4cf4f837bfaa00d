import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../src/server/access/actor.ts';
import { checkBusinessAccess, type BusinessAction } from '../../../src/server/access/business.policy.ts';
import { createAssetGroup, updateAssetGroups } from '../../../src/server/business/asset-groups.service.ts';
import { upsertMember, insertPartner } from '../../../src/server/business/business.repo.ts';
import { updateGrants } from '../../../src/server/business/grants.service.ts';
import { createBrandAccount } from '../../../src/server/business/hierarchy.service.ts';
import { removeMembers } from '../../../src/server/business/members.service.ts';
import { AppError } from '../../../src/server/errors.ts';
import { ASSET_PERMISSIONS, type AssetPermission } from '../../../src/shared/business.ts';
import type { PatScope } from '../../../src/shared/contracts/auth.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser, memberActor, withCountedTestApp, type TestUser } from '../../support/factories.ts';
import { v5 } from '../v5/helpers.ts';
import { createPat } from '../../../src/server/auth/pat.service.ts';
import { makeAdAccount, makeBusiness } from './helpers.ts';

/**
 * Every kind of caller against every kind of business target and action, through the one check
 * (business.policy.ts). What each may do is written here again from the decision record, not
 * taken from the policy: owners and admins do anything in their business; employees read the
 * business, and on an asset hold exactly what a grant (on it or on a group holding it) gives;
 * partners act through their own business's admins; everyone else finds nothing.
 */

type Location = 'direct' | 'group' | 'other';
type Who =
  | { kind: 'owner' | 'admin' | 'employee' | 'former' | 'stranger' | 'visitor' | 'read-only owner' | 'partner employee' }
  | { kind: 'granted employee' | 'partner admin'; permission: AssetPermission; location: Location; on: GrantTarget };
type GrantTarget = 'AD_ACCOUNT' | 'PROFILE' | 'ASSET_GROUP';
type TargetKind = 'business' | 'AD_ACCOUNT' | 'PROFILE' | 'ASSET_GROUP' | 'foreign asset';
type Outcome = 'allow' | 'forbidden' | 'not_found' | 'unauthorized';

const ACTIONS: BusinessAction[] = ['read', 'change', 'delete', 'invite'];
const TARGETS: TargetKind[] = ['business', 'AD_ACCOUNT', 'PROFILE', 'ASSET_GROUP', 'foreign asset'];
const LOCATIONS: Location[] = ['direct', 'group', 'other'];

const WHO: Who[] = [
  ...(['owner', 'admin', 'employee', 'former', 'stranger', 'visitor', 'read-only owner', 'partner employee'] as const).map((kind) => ({ kind })),
  ...ASSET_PERMISSIONS.flatMap((permission) =>
    LOCATIONS.flatMap((location) =>
      (['AD_ACCOUNT', 'PROFILE', 'ASSET_GROUP'] as const).flatMap((on) =>
        (['granted employee', 'partner admin'] as const).map((kind) => ({ kind, permission, location, on })),
      ),
    ),
  ),
];

/** `reaches`: the grant is on the target, or on the group that holds it (or is it). */
function expected(who: Who, target: TargetKind, action: BusinessAction, reaches: boolean): Outcome {
  if (who.kind === 'visitor') return 'unauthorized';
  if (who.kind === 'read-only owner' && action !== 'read') return 'forbidden';
  if (target === 'foreign asset') return 'not_found';
  if (who.kind === 'owner' || who.kind === 'admin' || who.kind === 'read-only owner') return 'allow';
  if (target === 'business') return who.kind === 'employee' || who.kind === 'granted employee' ? (action === 'read' ? 'allow' : 'forbidden') : 'not_found';
  if (who.kind !== 'granted employee' && who.kind !== 'partner admin') return 'not_found';
  if (!reaches) return 'not_found';
  if (action === 'read') return 'allow';
  if (action === 'delete') return 'forbidden';
  return who.permission === 'ADMIN' ? 'allow' : 'forbidden';
}

const label = (who: Who) => ('permission' in who ? `${who.kind} ${who.permission} (${who.location} for ${who.on})` : who.kind);

describe.each(databaseKinds)('business authorization matrix on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(
    kind,
    (app) => {
      t = app;
    },
    'at the end',
  );
  const actors = new Map<string, Actor>();
  /** The asset each granted caller's grant is on. */
  const grantedOn = new Map<string, string>();
  let groupId = '';
  let grouped: string[] = [];
  const targets = new Map<TargetKind, { businessId: string; assetId?: string }>();
  const scopes: PatScope[] = ['biz_access:read', 'biz_access:write'];
  /** Each caller's personal access token, for the same questions asked over /v5. */
  const tokens = new Map<Actor, string>();
  const tokenOf = async (user: TestUser, held: readonly PatScope[] = scopes): Promise<Actor> => {
    const pat = await createPat(t.deps, memberActor(user.id), { name: 'matrix', scopes: [...held] });
    const actor: Actor = { kind: 'token', userId: user.id, tokenId: pat.id, scopes: pat.scopes };
    tokens.set(actor, pat.token);
    return actor;
  };

  beforeAll(async () => {
    const shop = await makeBusiness(t, 'matrixshop');
    const elsewhere = await makeBusiness(t, 'elsewhere');
    const ads = await makeAdAccount(t, shop, 'Ads');
    const otherAds = await makeAdAccount(t, shop, 'Other ads');
    const foreign = await makeAdAccount(t, elsewhere, 'Foreign');
    await createBrandAccount(t.deps, shop.actor, shop.id, { name: 'Brand', username: `brand${shop.id.slice(-8)}`, country: 'US' });
    const profile = await t.deps.db
      .selectFrom('business_assets')
      .select('id')
      .where('business_id', '=', shop.id)
      .where('kind', '=', 'PROFILE')
      .executeTakeFirstOrThrow();
    const group = await createAssetGroup(t.deps, shop.actor, shop.id, { name: 'Group', description: '', types: ['BRAND'] });
    await updateAssetGroups(t.deps, shop.actor, shop.id, [{ asset_group_id: group.id, add: [ads, profile.id] }]);
    groupId = group.id;
    grouped = [ads, profile.id];
    targets.set('business', { businessId: shop.id });
    targets.set('AD_ACCOUNT', { businessId: shop.id, assetId: ads });
    targets.set('PROFILE', { businessId: shop.id, assetId: profile.id });
    targets.set('ASSET_GROUP', { businessId: shop.id, assetId: group.id });
    targets.set('foreign asset', { businessId: shop.id, assetId: foreign });

    const member = async (role: 'EMPLOYEE' | 'BIZ_ADMIN', business = shop.id) => {
      const user = await makeUser(t.deps, 'm');
      await upsertMember(t.deps.db, { business_id: business, user_id: user.id, role, created_by: shop.id, created_at: Date.now() });
      return user;
    };
    actors.set('owner', await tokenOf(shop));
    actors.set('read-only owner', await tokenOf(shop, ['biz_access:read']));
    actors.set('admin', await tokenOf(await member('BIZ_ADMIN')));
    actors.set('employee', await tokenOf(await member('EMPLOYEE')));
    const former = await member('EMPLOYEE');
    await updateGrants(t.deps, shop.actor, shop.id, 'MEMBER', [{ asset_id: ads, grantee_id: former.id, permissions: ['ADMIN'] }]);
    await removeMembers(t.deps, shop.actor, shop.id, [{ member_id: former.id }]);
    actors.set('former', await tokenOf(former));
    actors.set('stranger', await tokenOf(await makeUser(t.deps, 'stranger')));
    actors.set('visitor', { kind: 'visitor' });
    const grantOn = { direct: (target: TargetKind) => targets.get(target)?.assetId ?? '', group: () => group.id, other: () => otherAds };
    for (const who of WHO) {
      if (!('permission' in who)) continue;
      {
        const target = who.on;
        const grantee = who.kind === 'granted employee' ? await member('EMPLOYEE') : await makeBusiness(t, 'partner');
        const grantKind = who.kind === 'granted employee' ? 'MEMBER' : 'PARTNER';
        if (grantKind === 'PARTNER')
          await insertPartner(t.deps.db, { business_id: shop.id, partner_id: grantee.id, created_by: shop.id, created_at: Date.now() });
        const asset = grantOn[who.location](target);
        await updateGrants(t.deps, shop.actor, shop.id, grantKind, [{ asset_id: asset, grantee_id: grantee.id, permissions: [who.permission] }]);
        const acting = who.kind === 'granted employee' ? grantee : await member('BIZ_ADMIN', grantee.id);
        actors.set(label(who), await tokenOf(acting));
        grantedOn.set(label(who), asset);
        if (who.kind === 'partner admin' && who.permission === 'ADMIN' && who.location === 'direct' && target === 'AD_ACCOUNT') {
          actors.set('partner employee', await tokenOf(await member('EMPLOYEE', grantee.id)));
        }
      }
    }
  });

  const actorFor = (who: Who) => {
    const actor = actors.get(label(who));
    if (!actor) throw new Error(`no actor ${label(who)}`);
    return actor;
  };
  const reaches = (who: Who, target: TargetKind) => {
    const asset = grantedOn.get(label(who));
    const targetAsset = targets.get(target)?.assetId;
    return asset !== undefined && (asset === targetAsset || (asset === groupId && targetAsset !== undefined && grouped.includes(targetAsset)));
  };

  it('every caller × target × action gets exactly what the rules give, and no more', async () => {
    const leaks: string[] = [];
    let cases = 0;
    for (const who of WHO)
      for (const target of TARGETS)
        for (const action of ACTIONS) {
          const want = expected(who, target, action, reaches(who, target));
          let got: Outcome = 'allow';
          try {
            await checkBusinessAccess(t.deps.db, actorFor(who), targets.get(target) ?? { businessId: '' }, action);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            got = error.errorName as Outcome;
          }
          cases += 1;
          if (got !== want) leaks.push(`${label(who)} ${action} ${target}: expected ${want}, got ${got}`);
        }
    expect(leaks).toEqual([]);
    expect(cases).toBeGreaterThanOrEqual(4000);
  });

  it('the same callers reading over /v5 get the same answers: who may read an asset’s members, or the business’s', async () => {
    const STATUS = { allow: 200, forbidden: 403, not_found: 404, unauthorized: 401 } as const;
    const leaks: string[] = [];
    for (const who of WHO)
      for (const target of TARGETS) {
        const { businessId, assetId } = targets.get(target) ?? { businessId: '' };
        const call: { path: string; params: Record<string, string> } =
          assetId === undefined
            ? { path: '/businesses/{business_id}/members', params: { business_id: businessId } }
            : { path: '/businesses/{business_id}/assets/{asset_id}/members', params: { business_id: businessId, asset_id: assetId } };
        const response = await v5(t, 'GET', { ...call, token: tokens.get(actorFor(who)) ?? null });
        const want = STATUS[expected(who, target, 'read', reaches(who, target))];
        if (response.statusCode !== want) leaks.push(`${label(who)} reads ${target}: expected ${want}, got ${response.statusCode}`);
      }
    expect(leaks).toEqual([]);
  });
});
