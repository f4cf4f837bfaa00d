import { beforeAll, describe, expect, it } from 'vitest';
import { createAssetGroup } from '../../../src/server/business/asset-groups.service.ts';
import { insertPartner, upsertMember } from '../../../src/server/business/business.repo.ts';
import { createBrandAccount } from '../../../src/server/business/hierarchy.service.ts';
import { createInvites } from '../../../src/server/business/invites.service.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser, withCountedTestApp } from '../../support/factories.ts';
import { hostileValue, mutate, seedOf, seededRandom } from '../auth/hostile-inputs.ts';
import { answered, urlOf, v5, type Call, type ErrorBody } from '../v5/helpers.ts';
import { OPERATIONS } from '../v5/operations.ts';
import { bizToken, businessSnapshot, makeAdAccount, makeBusiness } from './helpers.ts';

const CASES = Number(process.env['FUZZ_CASES'] ?? 40);
const BASE_SEED = Number(process.env['FUZZ_SEED'] ?? 20261128);
const BUSINESS_OPERATIONS = OPERATIONS.filter((o) => o.path.startsWith('/business'));

const asText = (value: unknown): string => {
  const text: unknown = typeof value === 'string' ? value : JSON.stringify(value);
  return typeof text === 'string' ? text.toWellFormed() : '';
};
const texts = (fields: Record<string, unknown>, arrays: boolean) =>
  Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, arrays && Array.isArray(value) ? value.map(asText) : asText(value)]));

/**
 * Hostile variations of every business access operation, sent by the owner of a real business
 * (so they reach the services, unlike the generic public API fuzz, whose caller has no business):
 * never a 5xx or a stack trace, and a refusal changes no business row.
 */
describe.each(databaseKinds)('bad input to business access on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(
    kind,
    (app) => {
      t = app;
    },
    'at the end',
  );
  let token: string;
  /** The example ids of tests/contract/v5/operations.ts, as this business's real ones. */
  let real: Record<string, string>;

  beforeAll(async () => {
    const shop = await makeBusiness(t, 'fuzzshop');
    const partner = await makeBusiness(t, 'fuzzpartner');
    const member = await makeUser(t.deps, 'fuzzmember');
    await upsertMember(t.deps.db, { business_id: shop.id, user_id: member.id, role: 'EMPLOYEE', created_by: shop.id, created_at: Date.now() });
    await insertPartner(t.deps.db, { business_id: shop.id, partner_id: partner.id, created_by: shop.id, created_at: Date.now() });
    const ads = await makeAdAccount(t, shop);
    const group = await createAssetGroup(t.deps, shop.actor, shop.id, { name: 'G', description: '', types: [] });
    const brand = await createBrandAccount(t.deps, shop.actor, shop.id, { name: 'B', username: `fuzzbrand${shop.id.slice(-6)}`, country: 'US' });
    const [sent] = await createInvites(t.deps, shop.actor, shop.id, {
      role: 'EMPLOYEE',
      kind: 'MEMBER_INVITE',
      members: [(await makeUser(t.deps, 'invitee')).id],
    });
    real = { '1': shop.id, '2': ads, '3': sent?.invite?.id ?? '3', '4': partner.id, '5': member.id, '6': group.id, '7': brand };
    token = await bizToken(t, shop);
  });

  const realIds = <T>(value: T): T => JSON.parse(JSON.stringify(value).replace(/"([1-7])"/g, (_, n: string) => `"${real[n] ?? n}"`)) as T;

  it('answers bad ids, missing lists and unknown enums with a clear 400 that changes nothing', async () => {
    const before = await businessSnapshot(t);
    const business = { business_id: real['1'] ?? '' };
    const refusals: [string, Awaited<ReturnType<typeof v5>>][] = [
      [
        'member id as a number',
        await v5(t, 'PATCH', { path: '/businesses/{business_id}/members', params: business, token, body: [{ member_id: 5, business_role: 'EMPLOYEE' }] }),
      ],
      ['no accesses list', await v5(t, 'PATCH', { path: '/businesses/{business_id}/members/assets/access', params: business, token, body: {} })],
      [
        'an unknown permission',
        await v5(t, 'PATCH', {
          path: '/businesses/{business_id}/partners/assets',
          params: business,
          token,
          body: { accesses: [{ asset_id: real['2'], partner_id: real['4'], permissions: ['GOD'] }] },
        }),
      ],
      [
        'a member invite with partners',
        await v5(t, 'POST', {
          path: '/businesses/{business_id}/invites',
          params: business,
          token,
          body: { business_role: 'PARTNER', invite_type: 'MEMBER_INVITE', partners: [real['4']] },
        }),
      ],
      [
        'an asset group id that is not digits',
        await v5(t, 'DELETE', { path: '/businesses/{business_id}/asset_groups', params: business, token, body: { asset_groups_to_delete: ['abc'] } }),
      ],
      ['a business id that is not digits', await v5(t, 'GET', { path: '/businesses/{business_id}/members', params: { business_id: 'me' }, token })],
      [
        'a bookmark not of this list',
        await v5(t, 'GET', { path: '/businesses/{business_id}/members', params: business, query: { bookmark: 'WzEsIjEiXQ' }, token }),
      ],
      [
        'a brand account picture',
        await v5(t, 'POST', {
          path: '/business_access/business_hierarchy/{business_hierarchy_id}/brand_accounts',
          params: { business_hierarchy_id: real['1'] ?? '' },
          token,
          body: { name: 'X', username: 'xbrandx', country: 'US', profile_image: { content_type: 'image/png', data: 'AA==' } },
        }),
      ],
    ];
    for (const [name, response] of refusals) expect(answered<ErrorBody>(response, 400).message.length, name).toBeGreaterThan(3);
    expect(await businessSnapshot(t)).toBe(before);
  });

  it.each(BUSINESS_OPERATIONS)('$method $path: hostile variations never answer 5xx and a refusal changes nothing', async (operation) => {
    const seed = seedOf(`${operation.method} ${operation.path}`, BASE_SEED);
    const random = seededRandom(seed);
    let before = await businessSnapshot(t);
    for (let i = 0; i < CASES; i += 1) {
      const example = realIds(operation.example({ board: '', otherBoard: '', section: '', pin: '', othersPin: '', media: '', image: '' }));
      const call: Call = {
        path: operation.path,
        token,
        ...(example.params ? { params: texts(mutate(random, example.params, 4096), false) as Record<string, string> } : {}),
        ...(example.query ? { query: texts(mutate(random, example.query, 4096), true) } : {}),
        ...(example.body !== undefined
          ? {
              body:
                random.chance(0.85) && !Array.isArray(example.body)
                  ? mutate(random, example.body as Record<string, unknown>, 64 * 1024)
                  : hostileValue(random, 64 * 1024),
            }
          : {}),
      };
      const where = `${operation.method} ${urlOf(call).slice(0, 200)} case ${i} (seed ${seed})`;
      const response = await v5(t, operation.method, call);
      expect(response.body, where).not.toMatch(/\.ts:\d+|node_modules|at \w+ \(/);
      if (response.statusCode >= 400) expect(await businessSnapshot(t), where).toBe(before);
      else before = await businessSnapshot(t);
    }
  });
});
