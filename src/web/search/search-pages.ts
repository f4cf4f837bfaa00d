import { FEED_END, resourceKey, type ResourceRequest } from '../../shared/resource-cache.ts';

/*
 * A search answers an object (results, guides, typo, tabs), not a list, so its pages cannot be
 * appended in one cache entry the way feeds are. Each page is its own entry, keyed by the first
 * page's options plus the bookmark that leads to it; the results are the chain of pages the cache
 * holds, from the first one on. Being in the cache, the pages already read survive leaving the
 * page and coming back, as a feed's do.
 */

/** What the chain needs of a cache entry (src/web/data/resource-store.ts). */
export type PageEntry = { status: 'loading' | 'ready' | 'error'; data: unknown; bookmark: string | null; fetching: boolean };

/** The request of the page a bookmark leads to (the first page without one). */
export function pageRequest(first: ResourceRequest, bookmark: string | null): ResourceRequest {
  return bookmark === null ? first : { name: first.name, options: { ...first.options, bookmark } };
}

/** Whether a loaded page's bookmark leads to another page. */
function leadsOn(page: PageEntry): page is PageEntry & { bookmark: string } {
  return page.status === 'ready' && page.bookmark !== null && page.bookmark !== FEED_END;
}

/** The cached pages of a search in order: the first, then each one its predecessor's bookmark leads to. */
export function cachedPages<E extends PageEntry>(get: (key: string) => E | undefined, first: ResourceRequest): E[] {
  const pages: E[] = [];
  let page = get(resourceKey(first));
  while (page) {
    pages.push(page);
    if (!leadsOn(page)) break;
    page = get(resourceKey(pageRequest(first, page.bookmark)));
  }
  return pages;
}

/** The page to read next: the one the last page's bookmark leads to, or null at the end or while one is on its way. */
export function nextPage(pages: readonly PageEntry[], first: ResourceRequest): ResourceRequest | null {
  const last = pages.at(-1);
  if (!last) return first;
  return leadsOn(last) ? pageRequest(first, last.bookmark) : null;
}

/** The end of a search: the last page is loaded and leads nowhere. */
export function atEnd(pages: readonly PageEntry[]): boolean {
  const last = pages.at(-1);
  return last !== undefined && last.status === 'ready' && !leadsOn(last);
}
