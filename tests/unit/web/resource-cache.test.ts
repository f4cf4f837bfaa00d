import { describe, expect, it } from 'vitest';
import { FEED_END, isFeedEnd, mergePage, prependNewPin, refetchesOnFirstLoad, resourceKey } from '../../../src/shared/resource-cache.ts';

describe('resource cache entries are keyed by resource name and options', () => {
  it('ignores the order of option keys, at every depth', () => {
    const a = resourceKey({ name: 'BoardFeedResource', options: { board_id: '1', filter: { a: 1, b: [2, 3] } } });
    const b = resourceKey({ name: 'BoardFeedResource', options: { filter: { b: [2, 3], a: 1 }, board_id: '1' } });
    expect(a).toBe(b);
  });

  it('tells different names, options and array orders apart', () => {
    const base = resourceKey({ name: 'BoardFeedResource', options: { board_id: '1' } });
    expect(resourceKey({ name: 'BoardResource', options: { board_id: '1' } })).not.toBe(base);
    expect(resourceKey({ name: 'BoardFeedResource', options: { board_id: '2' } })).not.toBe(base);
    expect(resourceKey({ name: 'X', options: { ids: [1, 2] } })).not.toBe(resourceKey({ name: 'X', options: { ids: [2, 1] } }));
  });
});

describe('a feed ends when loaded, not fetching, and its bookmark is the end marker', () => {
  it.each([
    [{ loaded: true, fetching: false, bookmark: FEED_END }, true],
    [{ loaded: true, fetching: false, bookmark: null }, true],
    [{ loaded: true, fetching: true, bookmark: FEED_END }, false],
    [{ loaded: false, fetching: false, bookmark: FEED_END }, false],
    [{ loaded: true, fetching: false, bookmark: 'WzEsIjIiXQ' }, false],
  ])('%o → %s', (entry, end) => {
    expect(isFeedEnd(entry)).toBe(end);
  });
});

describe('a server error on first load triggers a refetch', () => {
  it.each([
    [undefined, true],
    [null, true],
    [0, true],
    [500, true],
    [503, true],
    [404, false],
    [400, false],
    [429, false],
  ])('status %s → %s', (status, refetch) => {
    expect(refetchesOnFirstLoad(status)).toBe(refetch);
  });
});

describe('new pages append; refresh replaces', () => {
  it('appends and replaces', () => {
    expect(mergePage([1, 2], [3], 'append')).toEqual([1, 2, 3]);
    expect(mergePage([1, 2], [3], 'replace')).toEqual([3]);
  });
});

describe('new pins go to the top of a feed, after up to two leading story items', () => {
  const pin = { type: 'pin', id: 'new' };
  const story = (id: string) => ({ type: 'story', id });
  const old = { type: 'pin', id: 'old' };

  it('goes first without stories', () => {
    expect(prependNewPin([old], pin)).toEqual([pin, old]);
    expect(prependNewPin([], pin)).toEqual([pin]);
  });

  it('goes after one or two leading stories, never after a third', () => {
    expect(prependNewPin([story('a'), old], pin)).toEqual([story('a'), pin, old]);
    expect(prependNewPin([story('a'), story('b'), old], pin)).toEqual([story('a'), story('b'), pin, old]);
    expect(prependNewPin([story('a'), story('b'), story('c')], pin)).toEqual([story('a'), story('b'), pin, story('c')]);
  });

  it('counts only leading stories', () => {
    expect(prependNewPin([old, story('a')], pin)).toEqual([pin, old, story('a')]);
  });
});

describe('item changes reach feeds kept outside the store', () => {
  it('tells followers of every change until they stop following', async () => {
    const { createResourceStore, changeItems } = await import('../../../src/web/data/resource-store.ts');
    const store = createResourceStore({});
    let related: unknown = [
      { type: 'pin', id: '1', saved: false },
      { type: 'pin', id: '2', saved: false },
    ];
    const stop = store.followItemChanges((change) => {
      related = changeItems(related, change);
    });
    store.changeItems((item) => (item['id'] === '2' ? { ...item, saved: true } : undefined));
    expect(related).toEqual([
      { type: 'pin', id: '1', saved: false },
      { type: 'pin', id: '2', saved: true },
    ]);
    stop();
    store.changeItems((item) => (item['id'] === '1' ? null : undefined));
    expect(related).toHaveLength(2);
  });
});

describe('item changes reach the results of a search answer', () => {
  it('changes items inside `results` and leaves the rest of the answer alone', async () => {
    const { changeItems } = await import('../../../src/web/data/resource-store.ts');
    const answer = { query: 'lamps', results: [{ type: 'user', id: 'u1', followed: false }], guides: [] };
    const changed = changeItems(answer, (item) => (item['id'] === 'u1' ? { ...item, followed: true } : undefined));
    expect(changed).toEqual({ query: 'lamps', results: [{ type: 'user', id: 'u1', followed: true }], guides: [] });
    expect(changeItems(answer, () => undefined)).toBe(answer);
  });
});
