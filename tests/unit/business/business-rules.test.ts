import { describe, expect, it } from 'vitest';
import { decide } from '../../../src/server/access/business.policy.ts';
import { rangeOf } from '../../../src/server/business/history.service.ts';
import { statusOf } from '../../../src/server/business/invites.service.ts';
import { paged, windowOf } from '../../../src/server/business/paging.ts';
import { defaultHistoryRange, INVITE_LIFETIME_MS, TABLE_PAGE_SIZE } from '../../../src/shared/business.ts';
import {
  CreateAssetGroup,
  DeleteAssetGroups,
  DeleteMemberAccess,
  ListInvites,
  UpdateMemberAccess,
  UpdatePartnerAccess,
} from '../../../src/shared/contracts/v5-business.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('who may do what in a business', () => {
  it('owners and admins may do anything, on the business and on each asset', () => {
    for (const role of ['OWNER', 'BIZ_ADMIN'] as const)
      for (const action of ['read', 'change', 'delete', 'invite'] as const) {
        expect(decide(role, [], action, false)).toBe('allow');
        expect(decide(role, [], action, true)).toBe('allow');
      }
  });

  it('an employee reads the business but may not change it (403: they can see it)', () => {
    expect(decide('EMPLOYEE', [], 'read', false)).toBe('allow');
    for (const action of ['change', 'delete', 'invite'] as const) expect(decide('EMPLOYEE', [], action, false)).toBe('forbidden');
  });

  it('an asset without a grant does not exist for an employee or a partner (404)', () => {
    expect(decide('EMPLOYEE', [], 'read', true)).toBe('not_found');
    expect(decide(null, [], 'read', true)).toBe('not_found');
  });

  it('any permission reads an asset; only ADMIN changes it or gives it to others; nobody but owner and admins deletes it', () => {
    expect(decide(null, ['ANALYST'], 'read', true)).toBe('allow');
    expect(decide(null, ['CAMPAIGN_MANAGER'], 'change', true)).toBe('forbidden');
    expect(decide(null, ['ADMIN'], 'change', true)).toBe('allow');
    expect(decide(null, ['ADMIN'], 'invite', true)).toBe('allow');
    expect(decide(null, ['ADMIN'], 'delete', true)).toBe('forbidden');
  });

  it('a stranger finds no business at all', () => {
    for (const action of ['read', 'change', 'delete', 'invite'] as const) expect(decide(null, [], action, false)).toBe('not_found');
  });
});

describe('business spec section 9: tables and dates', () => {
  it('tables page by 10', () => {
    expect(TABLE_PAGE_SIZE).toBe(10);
  });

  it('History defaults to 7 days ago through 1 day ago, whole days', () => {
    const now = Date.UTC(2026, 10, 28, 15, 30);
    const range = defaultHistoryRange(now);
    expect(new Date(range.from).toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(new Date(range.to).toISOString()).toBe('2026-11-27T23:59:59.999Z');
    expect(rangeOf(undefined, undefined, now)).toEqual(range);
  });

  it('a History range must start before it ends and span at most 400 days', () => {
    expect(() => rangeOf(10, 5, 0)).toThrow(/starts after it ends/);
    expect(() => rangeOf(0, 401 * DAY, 0)).toThrow(/400 days/);
  });
});

describe('invites and requests', () => {
  it('a pending invite reads EXPIRED once its time is up; answered ones keep their status', () => {
    const sent = 1_000;
    expect(statusOf({ status: 'PENDING', expires_at: sent + INVITE_LIFETIME_MS }, sent + 1)).toBe('PENDING');
    expect(statusOf({ status: 'PENDING', expires_at: sent + INVITE_LIFETIME_MS }, sent + INVITE_LIFETIME_MS)).toBe('EXPIRED');
    expect(statusOf({ status: 'ACCEPTED', expires_at: sent }, sent + INVITE_LIFETIME_MS)).toBe('ACCEPTED');
  });

  it('the invite list shows PENDING and EXPIRED unless told otherwise', () => {
    const parsed = ListInvites.schema.querystring.parse({});
    expect(parsed.invite_status).toEqual(['PENDING', 'EXPIRED']);
    expect(ListInvites.schema.querystring.parse({ invite_status: 'PENDING' }).invite_status).toEqual(['PENDING']);
  });
});

describe('business spec section 5: structural guards, on the server', () => {
  it('a permission update names a string member or partner id, a string asset id and a list of permissions', () => {
    expect(UpdateMemberAccess.schema.body.safeParse({ accesses: [{ asset_id: '1', member_id: '2', permissions: ['ADMIN'] }] }).success).toBe(true);
    expect(UpdateMemberAccess.schema.body.safeParse({ accesses: [{ asset_id: 1, member_id: '2', permissions: ['ADMIN'] }] }).success).toBe(false);
    expect(UpdateMemberAccess.schema.body.safeParse({ accesses: [{ asset_id: '1', member_id: 2, permissions: ['ADMIN'] }] }).success).toBe(false);
    expect(UpdateMemberAccess.schema.body.safeParse({ accesses: [{ asset_id: '1', member_id: '2' }] }).success).toBe(false);
    expect(UpdatePartnerAccess.schema.body.safeParse({ accesses: [{ asset_id: '1', partner_id: '2', permissions: 'ADMIN' }] }).success).toBe(false);
    expect(UpdateMemberAccess.schema.body.safeParse({}).success).toBe(false);
  });

  it('deleting asset groups or accesses needs string ids, in a list that is there', () => {
    expect(DeleteAssetGroups.schema.body.safeParse({ asset_groups_to_delete: ['12'] }).success).toBe(true);
    expect(DeleteAssetGroups.schema.body.safeParse({ asset_groups_to_delete: [12] }).success).toBe(false);
    expect(DeleteAssetGroups.schema.body.safeParse({ asset_groups_to_delete: '12' }).success).toBe(false);
    expect(DeleteAssetGroups.schema.body.safeParse({}).success).toBe(false);
    expect(DeleteMemberAccess.schema.body.safeParse({ accesses: [{ asset_id: '1' }] }).success).toBe(false);
  });

  it('an asset group is created with its name, description and a list of types', () => {
    expect(CreateAssetGroup.schema.body.safeParse({ asset_group_name: 'A', asset_group_description: '', asset_group_types: ['BRAND'] }).success).toBe(true);
    expect(CreateAssetGroup.schema.body.safeParse({ asset_group_name: 'A', asset_group_description: '' }).success).toBe(false);
    expect(CreateAssetGroup.schema.body.safeParse({ asset_group_name: '  ', asset_group_description: '', asset_group_types: [] }).success).toBe(false);
  });
});

describe('business lists page by start index or bookmark', () => {
  it('a bookmark is the next start index; the last page has none', () => {
    const window = windowOf({ page_size: 2 });
    expect(paged([1, 2, 3], window)).toEqual({ items: [1, 2], bookmark: '2' });
    expect(paged([3], windowOf({ page_size: 2, bookmark: '2' }))).toEqual({ items: [3], bookmark: null });
    expect(() => windowOf({ page_size: 2, bookmark: 'abc' })).toThrow(/bookmark/);
  });
});
