import { describe, expect, it } from 'vitest';
import { accessList, accessOfRole, roleOf } from '../../../src/server/access/board.policy.ts';
import { decodeBookmark, encodeBookmark, pageOf } from '../../../src/server/common/bookmark.ts';
import { firstFreeSlug, slugify } from '../../../src/server/boards/slug.ts';
import { AppError } from '../../../src/server/errors.ts';
import { FEED_END } from '../../../src/shared/resource-cache.ts';

describe('board access on joining: write; write plus delete on approval', () => {
  it('an accepted invite gives write access only', () => {
    const role = roleOf({ owner_id: 'o' }, 'u', { status: 'accepted', can_delete: 0 });
    expect(role).toBe('collaborator');
    expect(accessList(accessOfRole(role))).toEqual(['write']);
  });

  it('an approved request to join gives write and delete access', () => {
    const role = roleOf({ owner_id: 'o' }, 'u', { status: 'accepted', can_delete: 1 });
    expect(accessList(accessOfRole(role))).toEqual(['write', 'delete']);
    expect(accessOfRole(role).admin).toBe(false);
  });

  it('invited and requested entries give no access at all', () => {
    expect(roleOf({ owner_id: 'o' }, 'u', { status: 'invited', can_delete: 1 })).toBe('none');
    expect(roleOf({ owner_id: 'o' }, 'u', { status: 'requested', can_delete: 0 })).toBe('none');
    expect(accessOfRole('none')).toEqual({ write: false, delete: false, admin: false });
  });

  it('the owner may do everything; a visitor nothing', () => {
    expect(accessOfRole(roleOf({ owner_id: 'o' }, 'o', undefined))).toEqual({ write: true, delete: true, admin: true });
    expect(roleOf({ owner_id: 'o' }, null, undefined)).toBe('none');
  });
});

describe('board slug: unique per owner, from the name', () => {
  it('folds case and accents and joins words with dashes', () => {
    expect(slugify('  Crème Brûlée & Tarts!! ')).toBe('creme-brulee-tarts');
  });

  it('keeps letters of every script', () => {
    expect(slugify('مطبخ جميل')).toBe('مطبخ-جميل');
    expect(slugify('台所 2024')).toBe('台所-2024');
  });

  it('a name with no letters or digits still has a slug', () => {
    expect(slugify('🙂 !!')).toBe('board');
  });

  it('takes the first free numbered slug', () => {
    expect(firstFreeSlug('recipes', new Set())).toBe('recipes');
    expect(firstFreeSlug('recipes', new Set(['recipes', 'recipes-2']))).toBe('recipes-3');
  });
});

describe('bookmarks are opaque cursors with the end marker', () => {
  it('round-trips a cursor and answers -end- on the last page', () => {
    const page = pageOf([1, 2, 3], 2, (n) => ({ key: n * 10, id: String(n) }));
    expect(page.items).toEqual([1, 2]);
    expect(decodeBookmark(page.bookmark)).toEqual({ key: 20, id: '2' });
    expect(pageOf([1, 2], 2, (n) => ({ key: n, id: String(n) })).bookmark).toBe(FEED_END);
    expect(decodeBookmark(FEED_END)).toBe('end');
    expect(decodeBookmark(undefined)).toBeNull();
  });

  it('refuses a forged bookmark, and text where the feed sorts by time', () => {
    expect(() => decodeBookmark('not-ours')).toThrow(AppError);
    expect(() => decodeBookmark(encodeBookmark({ key: 'abc', id: '1' }))).toThrow(AppError);
    expect(() => decodeBookmark(Buffer.from('[1e300,"1"]').toString('base64url'))).toThrow(AppError);
    expect(() => decodeBookmark(Buffer.from('[1,"1 or 1=1"]').toString('base64url'))).toThrow(AppError);
    expect(decodeBookmark(encodeBookmark({ key: 'abc', id: '1' }), 'string')).toEqual({ key: 'abc', id: '1' });
  });
});
