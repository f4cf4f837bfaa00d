import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { isFeedEnd, resourceKey, type LoadedResource, type ResourceFailure, type ResourceRequest } from '../../shared/resource-cache.ts';
import type { ResourceName } from '../../shared/contracts/registry.ts';
import type { DataOf, TypedRequest } from '../api/resource-types.ts';
import { createResourceStore, type Entry, type ResourceStore } from './resource-store.ts';

/** The item of a feed's page. */
type ItemOf<D> = D extends readonly (infer I)[] ? I : never;

const StoreContext = createContext<ResourceStore | null>(null);

/** One cache per page load, seeded with the resources the server rendered the page from. */
export function ResourceCacheProvider({ seed, children }: { seed: Record<string, LoadedResource>; children: ReactNode }) {
  const [store] = useState(() => createResourceStore(seed));
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useResourceStore(): ResourceStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useResourceStore outside ResourceCacheProvider');
  return store;
}

function useEntry(request: ResourceRequest | null): Entry | undefined {
  const store = useResourceStore();
  const key = request ? resourceKey(request) : null;
  const subscribe = useCallback((listener: () => void) => store.subscribe(listener), [store]);
  const read = () => (key === null ? undefined : store.get(key));
  const entry = useSyncExternalStore(subscribe, read, read);
  const missing = key !== null && entry === undefined;
  useEffect(() => {
    if (request && missing) store.ensure(request);
    // The key stands for the request: a new options object with the same content is the same read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, key, missing]);
  return entry;
}

export type ResourceState<T> =
  | { status: 'loading'; data: undefined; error: null }
  | { status: 'ready'; data: T; error: ResourceFailure | null }
  | { status: 'error'; data: undefined; error: ResourceFailure };

/**
 * A resource read through the cache; null reads nothing (a request that waits on another). The
 * answer's type comes from the resource's contract; the second form, with the type given, serves
 * the resources without a contract yet.
 */
export function useResource<N extends ResourceName>(request: TypedRequest<N> | null): ResourceState<DataOf<N>>;
export function useResource<T>(request: ResourceRequest | null): ResourceState<T>;
export function useResource<T>(request: ResourceRequest | null): ResourceState<T> {
  const entry = useEntry(request);
  if (!entry || entry.status === 'loading') return { status: 'loading', data: undefined, error: null };
  if (entry.status === 'error') return { status: 'error', data: undefined, error: entry.error ?? { code: null, message: '', httpStatus: 0 } };
  return { status: 'ready', data: entry.data as T, error: entry.error };
}

export type FeedState<T> = {
  status: 'loading' | 'ready' | 'error';
  items: T[];
  error: ResourceFailure | null;
  fetching: boolean;
  /** Loaded, not fetching, and the bookmark is the end marker. */
  atEnd: boolean;
  loadMore: () => void;
  refresh: () => Promise<void>;
};

/** A paged feed: pages append as the reader scrolls, a refresh replaces them. */
export function useFeed<N extends ResourceName>(request: TypedRequest<N>): FeedState<ItemOf<DataOf<N>>>;
export function useFeed<T>(request: ResourceRequest): FeedState<T>;
export function useFeed<T>(request: ResourceRequest): FeedState<T> {
  const store = useResourceStore();
  const entry = useEntry(request);
  const key = resourceKey(request);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stable = useMemo(() => request, [key]);
  const loadMore = useCallback(() => {
    store.more(stable);
  }, [store, stable]);
  const refresh = useCallback(() => store.refresh(stable), [store, stable]);
  const items = Array.isArray(entry?.data) ? (entry.data as T[]) : [];
  const status = !entry || entry.status === 'loading' ? 'loading' : entry.status;
  const fetching = entry?.fetching ?? true;
  const atEnd = isFeedEnd({ loaded: status === 'ready', fetching, bookmark: entry?.bookmark ?? null });
  return { status, items, error: entry?.error ?? null, fetching, atEnd, loadMore, refresh };
}
