import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser, withCountedTestApp } from '../../support/factories.ts';
import { answered, v5 } from '../v5/helpers.ts';
import { bizToken, historyRows, makeAdAccount, makeBusiness } from './helpers.ts';

type Items<T> = { items: T[]; bookmark: string | null };
type Binding = {
  id: string;
  business_roles: string[];
  user: { username: string | null };
  assets_summary?: { ad_accounts: { id: string; permissions: string[] }[] };
};
type Invite = { id: string; invite_data: { invite_status: string; invite_type: string }; user: { id: string } };

describe.each(databaseKinds)('v5 business access: members, partners, invites on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => {
    t = app;
  });

  it('a business invites a person by username; they accept with the ad account offered; members, employers and History show it', async () => {
    const shop = await makeBusiness(t, 'invshop');
    const ann = await makeUser(t.deps, 'ann');
    const owner = await bizToken(t, shop);
    const ads = await makeAdAccount(t, shop);
    const sent = answered<{ items: { invite: { id: string } | null; exception: unknown }[] }>(
      await v5(t, 'POST', {
        path: '/businesses/{business_id}/invites',
        params: { business_id: shop.id },
        token: owner,
        body: { business_role: 'EMPLOYEE', invite_type: 'MEMBER_INVITE', members: [ann.username, 'nobody-here'] },
      }),
      200,
    );
    expect(sent.items[1]?.exception).toMatchObject({ users_or_partner_ids: ['nobody-here'] });
    const inviteId = sent.items[0]?.invite?.id ?? '';
    answered(
      await v5(t, 'POST', {
        path: '/businesses/{business_id}/invites/assets/access',
        params: { business_id: shop.id },
        token: owner,
        body: { invites: [{ invite_id: inviteId, invite_type: 'MEMBER_INVITE', asset_id_to_permissions: { [ads]: ['CAMPAIGN_MANAGER'] } }] },
      }),
      200,
    );
    const pending = answered<Items<Invite>>(
      await v5(t, 'GET', { path: '/businesses/{business_id}/invites', params: { business_id: shop.id }, token: owner }),
      200,
    );
    expect(pending.items.map((i) => [i.id, i.invite_data.invite_status, i.user.id])).toEqual([[inviteId, 'PENDING', ann.id]]);

    const annToken = await bizToken(t, ann);
    const answeredInvites = answered<{ items: { invite: Invite | null }[] }>(
      await v5(t, 'PATCH', { path: '/businesses/invites', token: annToken, body: { invites: [{ invite_id: inviteId, action: { accept_invite: true } }] } }),
      200,
    );
    expect(answeredInvites.items[0]?.invite?.invite_data.invite_status).toBe('ACCEPTED');

    const members = answered<Items<Binding>>(
      await v5(t, 'GET', { path: '/businesses/{business_id}/members', params: { business_id: shop.id }, query: { assets_summary: 'true' }, token: owner }),
      200,
    );
    expect(members.items.map((m) => [m.user.username, m.business_roles, m.assets_summary?.ad_accounts])).toEqual([
      [ann.username, ['EMPLOYEE'], [{ id: ads, permissions: ['CAMPAIGN_MANAGER'] }]],
    ]);
    const employers = answered<Items<Binding>>(await v5(t, 'GET', { path: '/businesses/employers', token: annToken }), 200);
    expect(employers.items.map((e) => e.id)).toEqual([shop.id]);
    const actions = (await historyRows(t, shop.id)).map((r) => r.action);
    expect(actions).toEqual(['asset_changed', 'invite_changed', 'invite_changed', 'member_changed', 'grant_changed', 'invite_changed']);

    // The invite is answered: answering it again says so, and it is no longer pending.
    const again = answered<{ items: { exception: { code: number } | null }[] }>(
      await v5(t, 'PATCH', { path: '/businesses/invites', token: annToken, body: { invites: [{ invite_id: inviteId, action: { accept_invite: false } }] } }),
      200,
    );
    expect(again.items[0]?.exception?.code).toBe(409);
  });

  it('an admin changes a member to BIZ_ADMIN and removes them; the former member keeps no grant', async () => {
    const shop = await makeBusiness(t, 'roleshop');
    const bob = await makeUser(t.deps, 'bob');
    const owner = await bizToken(t, shop);
    const ads = await makeAdAccount(t, shop);
    const sent = answered<{ items: { invite: { id: string } | null }[] }>(
      await v5(t, 'POST', {
        path: '/businesses/{business_id}/invites',
        params: { business_id: shop.id },
        token: owner,
        body: { business_role: 'EMPLOYEE', invite_type: 'MEMBER_INVITE', members: [bob.id] },
      }),
      200,
    );
    await v5(t, 'PATCH', {
      path: '/businesses/invites',
      token: await bizToken(t, bob),
      body: { invites: [{ invite_id: sent.items[0]?.invite?.id ?? '', action: { accept_invite: true } }] },
    });
    answered(
      await v5(t, 'PATCH', {
        path: '/businesses/{business_id}/members/assets/access',
        params: { business_id: shop.id },
        token: owner,
        body: { accesses: [{ asset_id: ads, member_id: bob.id, permissions: ['ANALYST'] }] },
      }),
      200,
    );
    const changed = answered<{ items: { member_id: string; business_role: string }[] }>(
      await v5(t, 'PATCH', {
        path: '/businesses/{business_id}/members',
        params: { business_id: shop.id },
        token: owner,
        body: [{ member_id: bob.id, business_role: 'BIZ_ADMIN' }],
      }),
      200,
    );
    expect(changed.items).toEqual([{ member_id: bob.id, business_role: 'BIZ_ADMIN' }]);
    const admins = answered<Items<Binding>>(
      await v5(t, 'GET', { path: '/businesses/{business_id}/members', params: { business_id: shop.id }, query: { business_roles: 'BIZ_ADMIN' }, token: owner }),
      200,
    );
    expect(admins.items.map((m) => m.id)).toEqual([bob.id]);
    const removed = answered<{ deleted_members: string[] }>(
      await v5(t, 'DELETE', {
        path: '/businesses/{business_id}/members',
        params: { business_id: shop.id },
        token: owner,
        body: { members: [{ member_id: bob.id, business_role: 'BIZ_ADMIN' }] },
      }),
      200,
    );
    expect(removed.deleted_members).toEqual([bob.id]);
    expect(await t.deps.db.selectFrom('asset_grants').selectAll().where('grantee_id', '=', bob.id).execute()).toEqual([]);
    const former = await bizToken(t, bob);
    answered(await v5(t, 'GET', { path: '/businesses/{business_id}/members', params: { business_id: shop.id }, token: former }), 404);
    answered(
      await v5(t, 'GET', { path: '/businesses/{business_id}/assets/{asset_id}/members', params: { business_id: shop.id, asset_id: ads }, token: former }),
      404,
    );
  });

  it('partner invites and requests: a partner gets asset access, lists and loses it', async () => {
    const shop = await makeBusiness(t, 'pshop');
    const agency = await makeBusiness(t, 'agency');
    const owner = await bizToken(t, shop);
    const agent = await bizToken(t, agency);
    const ads = await makeAdAccount(t, shop);
    const sent = answered<{ items: { invite: { id: string } | null }[] }>(
      await v5(t, 'POST', {
        path: '/businesses/{business_id}/invites',
        params: { business_id: shop.id },
        token: owner,
        body: { business_role: 'PARTNER', invite_type: 'PARTNER_INVITE', partners: [agency.id] },
      }),
      200,
    );
    const received = answered<Items<Invite>>(
      await v5(t, 'GET', { path: '/businesses/{business_id}/invites', params: { business_id: agency.id }, query: { is_member: 'false' }, token: agent }),
      200,
    );
    expect(received.items.map((i) => i.invite_data.invite_type)).toEqual(['PARTNER_INVITE']);
    await v5(t, 'PATCH', {
      path: '/businesses/invites',
      token: agent,
      body: { invites: [{ invite_id: sent.items[0]?.invite?.id ?? '', action: { accept_invite: true } }] },
    });
    const granted = answered<{ items: { partner_id: string; permissions: string[] }[] }>(
      await v5(t, 'PATCH', {
        path: '/businesses/{business_id}/partners/assets',
        params: { business_id: shop.id },
        token: owner,
        body: { accesses: [{ asset_id: ads, partner_id: agency.id, permissions: ['ADMIN'] }] },
      }),
      200,
    );
    expect(granted.items).toEqual([{ asset_id: ads, asset_type: 'AD_ACCOUNT', partner_id: agency.id, permissions: ['ADMIN'] }]);
    const partners = answered<Items<Binding>>(
      await v5(t, 'GET', { path: '/businesses/{business_id}/partners', params: { business_id: shop.id }, token: owner }),
      200,
    );
    expect(partners.items.map((p) => p.id)).toEqual([agency.id]);
    const theirs = answered<Items<Binding>>(
      await v5(t, 'GET', { path: '/businesses/{business_id}/partners', params: { business_id: agency.id }, query: { partner_type: 'EXTERNAL' }, token: agent }),
      200,
    );
    expect(theirs.items.map((p) => p.id)).toEqual([shop.id]);
    const agencyAssets = answered<Items<{ asset_id: string; permissions: string[] }>>(
      await v5(t, 'GET', {
        path: '/businesses/{business_id}/partners/{partner_id}/assets',
        params: { business_id: agency.id, partner_id: shop.id },
        query: { partner_type: 'EXTERNAL' },
        token: agent,
      }),
      200,
    );
    expect(agencyAssets.items.map((a) => [a.asset_id, a.permissions])).toEqual([[ads, ['ADMIN']]]);
    const onAsset = answered<Items<{ user: { id: string } }>>(
      await v5(t, 'GET', { path: '/businesses/{business_id}/assets/{asset_id}/partners', params: { business_id: shop.id, asset_id: ads }, token: agent }),
      200,
    );
    expect(onAsset.items.map((g) => g.user.id)).toEqual([agency.id]);
    answered(
      await v5(t, 'DELETE', {
        path: '/businesses/{business_id}/partners/assets',
        params: { business_id: shop.id },
        token: owner,
        body: { accesses: [{ asset_id: ads, partner_id: agency.id }] },
      }),
      200,
    );
    answered(
      await v5(t, 'GET', { path: '/businesses/{business_id}/assets/{asset_id}/partners', params: { business_id: shop.id, asset_id: ads }, token: agent }),
      404,
    );
    const ended = answered<{ deleted_partners: string[] }>(
      await v5(t, 'DELETE', { path: '/businesses/{business_id}/partners', params: { business_id: shop.id }, token: owner, body: { partner_ids: [agency.id] } }),
      200,
    );
    expect(ended.deleted_partners).toEqual([agency.id]);

    // The other way: the agency asks the shop for its ad account; the shop accepts.
    const asked = answered<{ invites: Record<string, string> | null }>(
      await v5(t, 'POST', {
        path: '/businesses/{business_id}/requests/assets/access',
        params: { business_id: agency.id },
        token: agent,
        body: { asset_requests: [{ partner_id: shop.id, asset_id_to_permissions: { [ads]: ['ANALYST'] } }] },
      }),
      200,
    );
    const requestId = asked.invites?.[shop.id] ?? '';
    await v5(t, 'PATCH', { path: '/businesses/invites', token: owner, body: { invites: [{ invite_id: requestId, action: { accept_invite: true } }] } });
    const analyst = answered<Items<{ user: { id: string }; permissions: string[] }>>(
      await v5(t, 'GET', { path: '/businesses/{business_id}/assets/{asset_id}/partners', params: { business_id: shop.id, asset_id: ads }, token: agent }),
      200,
    );
    expect(analyst.items.map((g) => [g.user.id, g.permissions])).toEqual([[agency.id, ['ANALYST']]]);
  });

  it('cancelled invites leave the pending list; expired ones are listed as EXPIRED and cannot be accepted', async () => {
    const shop = await makeBusiness(t, 'cshop');
    const cat = await makeUser(t.deps, 'cat');
    const dan = await makeUser(t.deps, 'dan');
    const owner = await bizToken(t, shop);
    const sent = answered<{ items: { invite: { id: string } | null }[] }>(
      await v5(t, 'POST', {
        path: '/businesses/{business_id}/invites',
        params: { business_id: shop.id },
        token: owner,
        body: { business_role: 'BIZ_ADMIN', invite_type: 'MEMBER_INVITE', members: [cat.id, dan.id] },
      }),
      200,
    );
    const [catInvite, danInvite] = sent.items.map((i) => i.invite?.id ?? '');
    const cancelled = answered<{ items: { invite: Invite | null }[] }>(
      await v5(t, 'DELETE', { path: '/businesses/{business_id}/invites', params: { business_id: shop.id }, token: owner, body: { invite_ids: [catInvite] } }),
      200,
    );
    expect(cancelled.items[0]?.invite?.invite_data.invite_status).toBe('CANCELLED');
    await t.deps.db
      .updateTable('business_invites')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', danInvite ?? '')
      .execute();
    const expired = answered<Items<Invite>>(
      await v5(t, 'GET', { path: '/businesses/{business_id}/invites', params: { business_id: shop.id }, query: { invite_status: 'EXPIRED' }, token: owner }),
      200,
    );
    expect(expired.items.map((i) => [i.id, i.invite_data.invite_status])).toEqual([[danInvite, 'EXPIRED']]);
    const pending = answered<Items<Invite>>(
      await v5(t, 'GET', { path: '/businesses/{business_id}/invites', params: { business_id: shop.id }, query: { invite_status: 'PENDING' }, token: owner }),
      200,
    );
    expect(pending.items).toEqual([]);
    const late = answered<{ items: { exception: { code: number } | null }[] }>(
      await v5(t, 'PATCH', {
        path: '/businesses/invites',
        token: await bizToken(t, dan),
        body: { invites: [{ invite_id: danInvite ?? '', action: { accept_invite: true } }] },
      }),
      200,
    );
    expect(late.items[0]?.exception?.code).toBe(409);
    expect(await t.deps.db.selectFrom('business_members').selectAll().where('business_id', '=', shop.id).execute()).toEqual([]);
  });
});
