import { describe, expect, it } from 'vitest';
import { FEED_END, resourceKey } from '../../../src/shared/resource-cache.ts';
import { atEnd, cachedPages, nextPage, pageRequest, type PageEntry } from '../../../src/web/search/search-pages.ts';

const first = { name: 'BaseSearchResource', options: { query: 'lemon', scope: 'pins' } };
const ready = (bookmark: string | null, n: number): PageEntry => ({ status: 'ready', data: { results: [n] }, bookmark, fetching: false });

/** A cache holding these pages, keyed as the store keys them. */
function cacheOf(pages: [string | null, PageEntry][]) {
  const entries = new Map(pages.map(([bookmark, entry]) => [resourceKey(pageRequest(first, bookmark)), entry]));
  return (key: string) => entries.get(key);
}

describe('a search is the chain of its cached pages', () => {
  it('follows each page to the one its bookmark leads to', () => {
    const get = cacheOf([
      [null, ready('b1', 1)],
      ['b1', ready('b2', 2)],
      ['b2', ready(FEED_END, 3)],
      ['other', ready(FEED_END, 9)],
    ]);
    expect(cachedPages(get, first).map((p) => p.data)).toEqual([{ results: [1] }, { results: [2] }, { results: [3] }]);
    expect(atEnd(cachedPages(get, first))).toBe(true);
    expect(nextPage(cachedPages(get, first), first)).toBeNull();
  });

  it('asks for the page after the last one read, with its bookmark', () => {
    const pages = cachedPages(cacheOf([[null, ready('b1', 1)]]), first);
    expect(atEnd(pages)).toBe(false);
    expect(nextPage(pages, first)).toEqual({ name: 'BaseSearchResource', options: { query: 'lemon', scope: 'pins', bookmark: 'b1' } });
    expect(nextPage([], first)).toBe(first);
  });

  it('stops at a page on its way or failed', () => {
    const loading: PageEntry = { status: 'loading', data: undefined, bookmark: null, fetching: true };
    const failed: PageEntry = { status: 'error', data: undefined, bookmark: null, fetching: false };
    for (const last of [loading, failed]) {
      const pages = cachedPages(
        cacheOf([
          [null, ready('b1', 1)],
          ['b1', last],
        ]),
        first,
      );
      expect(pages).toHaveLength(2);
      expect(nextPage(pages, first)).toBeNull();
      expect(atEnd(pages)).toBe(false);
    }
  });
});
