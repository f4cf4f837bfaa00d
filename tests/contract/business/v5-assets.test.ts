import { describe, expect, it } from 'vitest';
import { convertAccount } from '../../../src/server/business/accounts.service.ts';
import { upsertMember } from '../../../src/server/business/business.repo.ts';
import { businessHistoryCsv, businessHistoryPage } from '../../../src/server/business/history.service.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser, withCountedTestApp } from '../../support/factories.ts';
import { answered, snapshot, v5, type ErrorBody } from '../v5/helpers.ts';
import { bizToken, historyRows, makeAdAccount, makeBusiness } from './helpers.ts';

type Items<T> = { items: T[]; bookmark: string | null };
type Group = { id: string; asset_group_name: string; ad_accounts_ids: string[]; profiles_ids: string[]; asset_group_types: string[] };

describe.each(databaseKinds)('v5 business access: assets, asset groups, hierarchy and History on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => {
    t = app;
  });

  it('asset groups: created empty, filled, renamed, listed with their contents, deleted (unknown ids are exceptions)', async () => {
    const shop = await makeBusiness(t, 'grpshop');
    const owner = await bizToken(t, shop);
    const ads = await makeAdAccount(t, shop);
    const created = answered<{ asset_group: Group }>(
      await v5(t, 'POST', {
        path: '/businesses/{business_id}/asset_groups',
        params: { business_id: shop.id },
        token: owner,
        body: { asset_group_name: 'Spring', asset_group_description: 'Seasonal', asset_group_types: ['BRAND'] },
      }),
      200,
    );
    expect(created.asset_group).toMatchObject({ asset_group_name: 'Spring', ad_accounts_ids: [], profiles_ids: [], asset_group_types: ['BRAND'] });
    const groupId = created.asset_group.id;
    const updated = answered<{ updated_asset_groups: Group[]; exceptions: { asset_group_id: string }[] | null }>(
      await v5(t, 'PATCH', {
        path: '/businesses/{business_id}/asset_groups',
        params: { business_id: shop.id },
        token: owner,
        body: { asset_groups_to_update: [{ asset_group_id: groupId, name: 'Summer', assets_to_add: [ads] }, { asset_group_id: '99' }] },
      }),
      200,
    );
    expect(updated.updated_asset_groups.map((g) => [g.asset_group_name, g.ad_accounts_ids, g.asset_group_types])).toEqual([['Summer', [ads], ['BRAND']]]);
    expect(updated.exceptions?.map((e) => e.asset_group_id)).toEqual(['99']);
    const groups = answered<Items<{ asset_id: string; asset_group_info?: Group }>>(
      await v5(t, 'GET', { path: '/businesses/{business_id}/assets', params: { business_id: shop.id }, query: { asset_type: 'ASSET_GROUP' }, token: owner }),
      200,
    );
    expect(groups.items.map((g) => [g.asset_id, g.asset_group_info?.ad_accounts_ids])).toEqual([[groupId, [ads]]]);
    const inGroup = answered<Items<{ asset_id: string }>>(
      await v5(t, 'GET', { path: '/businesses/{business_id}/assets', params: { business_id: shop.id }, query: { asset_group_id: groupId }, token: owner }),
      200,
    );
    expect(inGroup.items.map((a) => a.asset_id)).toEqual([ads]);
    const ann = await makeUser(t.deps, 'grpann');
    await upsertMember(t.deps.db, { business_id: shop.id, user_id: ann.id, role: 'EMPLOYEE', created_by: shop.id, created_at: Date.now() });
    await v5(t, 'PATCH', {
      path: '/businesses/{business_id}/members/assets/access',
      params: { business_id: shop.id },
      token: owner,
      body: { accesses: [{ asset_id: groupId, member_id: ann.id, permissions: ['ANALYST'] }] },
    });
    const deleted = answered<{ deleted_asset_groups: string[]; exceptions: unknown[] | null }>(
      await v5(t, 'DELETE', {
        path: '/businesses/{business_id}/asset_groups',
        params: { business_id: shop.id },
        token: owner,
        body: { asset_groups_to_delete: [groupId, ads] },
      }),
      200,
    );
    expect(deleted.deleted_asset_groups).toEqual([groupId]);
    expect(deleted.exceptions).toHaveLength(1);
    // The group's grant went with it, into History too.
    const grantHistory = (await historyRows(t, shop.id)).filter((r) => r.subject_id === `${groupId}:${ann.id}`);
    expect(grantHistory.map((r) => [r.before === null, r.after === null])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(await t.deps.db.selectFrom('asset_grants').selectAll().where('grantee_id', '=', ann.id).execute()).toEqual([]);
    const history = (await historyRows(t, shop.id)).filter((r) => r.subject_id === groupId);
    expect(history.map((r) => [r.action, r.before === null, r.after === null])).toEqual([
      ['asset_changed', true, false],
      ['asset_changed', false, false],
      ['asset_changed', false, true],
    ]);
    expect(JSON.parse(history[1]?.after ?? '{}')).toMatchObject({ name: 'Summer', assets: [ads] });
  });

  it('an employee lists only the assets they hold a grant on, and their own grants; a member’s grants are the admin’s to read', async () => {
    const shop = await makeBusiness(t, 'empshop');
    const eve = await makeUser(t.deps, 'eve');
    const owner = await bizToken(t, shop);
    const [mine, hidden] = [await makeAdAccount(t, shop, 'Mine'), await makeAdAccount(t, shop, 'Hidden')];
    const invite = answered<{ items: { invite: { id: string } | null }[] }>(
      await v5(t, 'POST', {
        path: '/businesses/{business_id}/invites',
        params: { business_id: shop.id },
        token: owner,
        body: { business_role: 'EMPLOYEE', invite_type: 'MEMBER_INVITE', members: [eve.id] },
      }),
      200,
    );
    const eveToken = await bizToken(t, eve);
    await v5(t, 'PATCH', {
      path: '/businesses/invites',
      token: eveToken,
      body: { invites: [{ invite_id: invite.items[0]?.invite?.id ?? '', action: { accept_invite: true } }] },
    });
    await v5(t, 'PATCH', {
      path: '/businesses/{business_id}/members/assets/access',
      params: { business_id: shop.id },
      token: owner,
      body: { accesses: [{ asset_id: mine, member_id: eve.id, permissions: ['CAMPAIGN_MANAGER', 'ANALYST'] }] },
    });
    const all = answered<Items<{ asset_id: string }>>(
      await v5(t, 'GET', { path: '/businesses/{business_id}/assets', params: { business_id: shop.id }, token: owner }),
      200,
    );
    expect(all.items.map((a) => a.asset_id).sort()).toEqual([mine, hidden].sort());
    const hers = answered<Items<{ asset_id: string }>>(
      await v5(t, 'GET', { path: '/businesses/{business_id}/assets', params: { business_id: shop.id }, token: eveToken }),
      200,
    );
    expect(hers.items.map((a) => a.asset_id)).toEqual([mine]);
    const own = answered<Items<{ asset_id: string; permissions: string[] }>>(
      await v5(t, 'GET', {
        path: '/businesses/{business_id}/members/{member_id}/assets',
        params: { business_id: shop.id, member_id: eve.id },
        token: eveToken,
      }),
      200,
    );
    expect(own.items).toEqual([{ asset_id: mine, asset_type: 'AD_ACCOUNT', permissions: ['CAMPAIGN_MANAGER', 'ANALYST'] }]);
    answered(
      await v5(t, 'GET', {
        path: '/businesses/{business_id}/members/{member_id}/assets',
        params: { business_id: shop.id, member_id: shop.id },
        token: eveToken,
      }),
      403,
    );
    // A CAMPAIGN_MANAGER may not hand out permissions on the account: that is an ADMIN's.
    const before = await snapshot(t);
    const refused = await v5(t, 'PATCH', {
      path: '/businesses/{business_id}/members/assets/access',
      params: { business_id: shop.id },
      token: eveToken,
      body: { accesses: [{ asset_id: mine, member_id: eve.id, permissions: ['ADMIN'] }] },
    });
    expect(answered<ErrorBody>(refused, 403).message.length).toBeGreaterThan(3);
    expect(await snapshot(t)).toBe(before);
    const removed = answered<{ items: { asset_id: string; member_id: string }[] }>(
      await v5(t, 'DELETE', {
        path: '/businesses/{business_id}/members/assets/access',
        params: { business_id: shop.id },
        token: owner,
        body: { accesses: [{ asset_id: mine, member_id: eve.id }] },
      }),
      200,
    );
    expect(removed.items).toEqual([{ asset_id: mine, member_id: eve.id }]);
    const members = answered<Items<{ user: { id: string }; permissions: string[] }>>(
      await v5(t, 'GET', { path: '/businesses/{business_id}/assets/{asset_id}/members', params: { business_id: shop.id, asset_id: mine }, token: owner }),
      200,
    );
    expect(members.items).toEqual([]);
  });

  it('brand accounts: a child business and a profile asset of its parent, renamed; a taken username is a conflict; system users are not found', async () => {
    const parent = await makeBusiness(t, 'parent');
    const owner = await bizToken(t, parent);
    const username = `brand${parent.id.slice(-10)}`;
    const made = answered<{ brand_account_id: string }>(
      await v5(t, 'POST', {
        path: '/business_access/business_hierarchy/{business_hierarchy_id}/brand_accounts',
        params: { business_hierarchy_id: parent.id },
        token: owner,
        body: { name: 'Kids', username, country: 'FR' },
      }),
      200,
    );
    const brandId = made.brand_account_id;
    const profiles = answered<Items<{ asset_id: string; asset_type: string }>>(
      await v5(t, 'GET', { path: '/businesses/{business_id}/assets', params: { business_id: parent.id }, query: { asset_type: 'PROFILE' }, token: owner }),
      200,
    );
    expect(profiles.items.map((p) => p.asset_type)).toEqual(['PROFILE']);
    // The parent's owner runs the child: an organization manager.
    answered(await v5(t, 'GET', { path: '/businesses/{business_id}/members', params: { business_id: brandId }, token: owner }), 200);
    answered(
      await v5(t, 'PATCH', {
        path: '/business_access/business_hierarchy/{business_hierarchy_id}/brand_accounts/{brand_account_id}',
        params: { business_hierarchy_id: parent.id, brand_account_id: brandId },
        token: owner,
        body: { name: 'Kids & Teens' },
      }),
      200,
    );
    const row = await t.deps.db
      .selectFrom('users')
      .select(['business_name', 'is_partner', 'password_hash'])
      .where('id', '=', brandId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ business_name: 'Kids & Teens', is_partner: 1, password_hash: null });
    const taken = await v5(t, 'POST', {
      path: '/business_access/business_hierarchy/{business_hierarchy_id}/brand_accounts',
      params: { business_hierarchy_id: parent.id },
      token: owner,
      body: { name: 'Again', username, country: 'FR' },
    });
    expect(taken.statusCode).toBe(409);
    answered(
      await v5(t, 'PATCH', {
        path: '/businesses/{business_id}/system_users/{system_user_id}',
        params: { business_id: parent.id, system_user_id: '12' },
        token: owner,
        body: { name: 'Bot' },
      }),
      404,
    );
  });

  it('History lists each change with who, before and after in its range; CSV carries the same rows; employees may not read it', async () => {
    const shop = await makeBusiness(t, 'histshop');
    const ads = await makeAdAccount(t, shop, '=cmd|calc');
    const now = Date.now();
    const page = await businessHistoryPage(t.deps, shop.actor, shop.id, { from: now - 60_000, to: now + 60_000 }, { page_size: 10 });
    expect(page.items.map((e) => [e.action, e.subject_id, e.actor?.username, e.before, e.after])).toEqual([
      ['asset_changed', ads, shop.username, null, { kind: 'AD_ACCOUNT', name: '=cmd|calc', country: 'US', currency: 'USD' }],
    ]);
    // The default range ends yesterday: a change made now is not in it.
    expect((await businessHistoryPage(t.deps, shop.actor, shop.id, {}, { page_size: 10 })).items).toEqual([]);
    const csv = await businessHistoryCsv(t.deps, shop.actor, shop.id, { from: now - 60_000, to: now + 60_000 });
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('when,who,action,subject,before,after');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${shop.username}","asset_changed","${ads}"`);
    // No cell starts with a formula character a spreadsheet would run.
    expect(lines[1]).not.toMatch(/(^|,)"[=+\-@]/);
    await expect(businessHistoryPage(t.deps, shop.actor, shop.id, { from: now, to: now - 1 }, { page_size: 10 })).rejects.toThrow(/starts after it ends/);
    const stranger = await makeUser(t.deps, 'nosy');
    await expect(businessHistoryCsv(t.deps, stranger.actor, shop.id, {})).rejects.toThrow(/Not found/);
  });

  it('a personal account becomes a business and back, but not while people or assets hang on it', async () => {
    const person = await makeUser(t.deps, 'convert');
    expect(await convertAccount(t.deps, person.actor, { business_name: 'Pottery' })).toEqual({ isBusiness: true });
    const ads = await makeAdAccount(t, person);
    await expect(convertAccount(t.deps, person.actor, 'personal')).rejects.toThrow(/Remove the business/);
    await t.deps.db.deleteFrom('business_assets').where('id', '=', ads).execute();
    expect(await convertAccount(t.deps, person.actor, 'personal')).toEqual({ isBusiness: false });
    const row = await t.deps.db.selectFrom('users').select(['is_partner', 'business_name']).where('id', '=', person.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ is_partner: 0, business_name: null });
  });
});
