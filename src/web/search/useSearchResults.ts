import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { resourceKey, type ResourceRequest } from '../../shared/resource-cache.ts';
import type { Entry } from '../data/resource-store.ts';
import { useResourceStore, type FeedState, type ResourceState } from '../data/resources.tsx';
import { atEnd, cachedPages, nextPage, pageRequest } from './search-pages.ts';
import type { SearchAnswer } from '../../shared/contracts/search.ts';

export type SearchResults<T> = {
  /** The first page: guides and the spelling correction come with it. */
  first: ResourceState<SearchAnswer>;
  /** The results of every page read so far, as a feed for the grids. */
  feed: FeedState<T>;
  /** A later page failed to load. */
  failed: boolean;
  retry: () => void;
};

const resultsOf = (entry: Entry) => (entry.status === 'ready' ? ((entry.data as SearchAnswer | null)?.results ?? []) : []);

function firstPage(entry: Entry | undefined): ResourceState<SearchAnswer> {
  if (!entry || entry.status === 'loading') return { status: 'loading', data: undefined, error: null };
  if (entry.status === 'error') return { status: 'error', data: undefined, error: entry.error ?? { code: null, message: '', httpStatus: 0 } };
  return { status: 'ready', data: entry.data as SearchAnswer, error: entry.error };
}

/** A search's pages through the resource cache (search-pages.ts), read page after page as the reader scrolls. */
/** `T`: what the grid reads of each result (a pins search's pins, a scope's boards or people). */
export function useSearchResults<T>(first: ResourceRequest): SearchResults<T> {
  const store = useResourceStore();
  const version = useSyncExternalStore(store.subscribe, store.version, store.version);
  const key = resourceKey(first);
  // The key stands for the request: a new options object with the same content is the same search.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const request = useMemo(() => first, [key]);
  // The version stands for the store's content: the chain is read again whenever it changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const pages = useMemo(() => cachedPages(store.get, request), [store, request, version]);

  useEffect(() => {
    if (pages.length === 0) store.ensure(request);
  }, [store, request, pages.length]);

  const loadMore = useCallback(() => {
    const next = nextPage(pages, request);
    if (next) store.ensure(next);
  }, [store, pages, request]);

  const last = pages.at(-1);
  const failed = pages.length > 1 && last?.status === 'error';
  const retry = useCallback(() => {
    const bookmark = pages.at(-2)?.bookmark;
    if (!bookmark) return;
    const again = pageRequest(request, bookmark);
    store.invalidate((r) => resourceKey(r) === resourceKey(again));
    store.ensure(again);
  }, [store, pages, request]);

  const items = useMemo(() => pages.flatMap(resultsOf) as T[], [pages]);
  const head = pages[0];
  const feed: FeedState<T> = {
    status: !head || head.status === 'loading' ? 'loading' : head.status,
    items,
    error: head?.error ?? null,
    fetching: last?.fetching ?? true,
    atEnd: atEnd(pages) || failed,
    loadMore,
    refresh: () => store.refresh(request),
  };
  return { first: firstPage(head), feed, failed, retry };
}
