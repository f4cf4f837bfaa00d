import { describe, expect, it } from 'vitest';
import { encodeBookmark } from '../../../src/server/common/bookmark.ts';
import { idTime, newId } from '../../../src/server/db/ids.ts';
import type { AppError } from '../../../src/server/errors.ts';
import { decodeHomeBookmark, encodeHomeBookmark } from '../../../src/server/feeds/home-bookmark.ts';
import { canGrow, LIST_MAX, parseList, serializeList, type HomeList } from '../../../src/server/feeds/home-list.ts';
import { FEED_END } from '../../../src/shared/resource-cache.ts';

const badRequest = { errorName: 'bad_request' } satisfies Partial<AppError>;

describe('the home feed bookmark', () => {
  const token = newId();
  const now = idTime(token);

  it('carries the list token, the position and the last pin, opaquely', () => {
    const bookmark = encodeHomeBookmark({ token, offset: 25, lastId: '123' });
    expect(bookmark).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeHomeBookmark(bookmark, now)).toEqual({ token, offset: 25, lastId: '123' });
  });

  it('has no cursor on the first page and the end marker after the last', () => {
    expect(decodeHomeBookmark(undefined, now)).toBeNull();
    expect(decodeHomeBookmark('', now)).toBeNull();
    expect(decodeHomeBookmark(FEED_END, now)).toBe('end');
  });

  it('refuses bookmarks it did not make', () => {
    for (const forged of [
      'x',
      'bm90IGpzb24',
      encodeBookmark({ key: 25, id: '1' }),
      encodeBookmark({ key: `${token}:x`, id: '1' }),
      encodeBookmark({ key: `${token}:1234567`, id: '1' }),
    ]) {
      expect(() => decodeHomeBookmark(forged, now), forged).toThrow(expect.objectContaining(badRequest) as Error);
    }
  });

  it('refuses a token from the future (no node made it)', () => {
    const bookmark = encodeHomeBookmark({ token: '99999999999999999999', offset: 1, lastId: '1' });
    expect(() => decodeHomeBookmark(bookmark, now)).toThrow(expect.objectContaining(badRequest) as Error);
  });
});

describe('the stored home list', () => {
  const list: HomeList = {
    token: '77',
    entries: [
      { pinId: '1', reason: 'saved_pin', ref: '9', signature: 'abcdef01' },
      { pinId: '2', reason: 'popular', ref: '2', signature: null },
    ],
    next: { users: { key: 1_700_000_000_000, id: '5' }, boards: null, popular: 300 },
  };

  it('reads back as it was stored', () => {
    expect(parseList('77', serializeList(list))).toEqual(list);
  });

  it('is treated as lost when missing or unreadable', () => {
    expect(parseList('77', null)).toBeNull();
    expect(parseList('77', '{')).toBeNull();
    expect(parseList('77', JSON.stringify({ e: [['1', 99, '2', null]], n: { users: null, boards: null, popular: null } }))).toBeNull();
  });

  it('grows while a source goes on and it has room', () => {
    expect(canGrow(list)).toBe(true);
    expect(canGrow({ ...list, next: { users: null, boards: null, popular: null } })).toBe(false);
    const full = {
      ...list,
      entries: Array.from({ length: LIST_MAX }, (_, i) => ({ pinId: String(i + 1), reason: 'popular' as const, ref: '1', signature: null })),
    };
    expect(canGrow(full)).toBe(false);
  });
});
