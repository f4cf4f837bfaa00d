import { FEED_END, refetchesOnFirstLoad, resourceKey, type CachedResource, type LoadedResource, type ResourceFailure, type ResourceRequest } from '../../shared/resource-cache.ts';
import { readResource } from '../api/resources.ts';
import { ApiError } from '../api/http.ts';

/** One cache entry (viewer spec section 3, "Resource cache entry"); replaced, never mutated. */
export type Entry = {
  request: ResourceRequest;
  status: 'loading' | 'ready' | 'error';
  data: unknown;
  bookmark: string | null;
  error: ResourceFailure | null;
  /** A page is on its way (the first, a next one or a refresh). */
  fetching: boolean;
};

type Item = Record<string, unknown>;
/** An item's new value, null to remove it, undefined to leave it as it is. */
export type ItemChange = (item: Item) => Item | null | undefined;

export type ResourceStore = ReturnType<typeof createResourceStore>;

function asFailure(error: unknown): ResourceFailure {
  if (error instanceof ApiError) return { code: error.code, message: error.message, httpStatus: error.httpStatus };
  return { code: null, message: error instanceof Error ? error.message : String(error), httpStatus: 0 };
}

function seeded(request: ResourceRequest, cached: CachedResource): Entry {
  if ('error' in cached) return { request, status: 'error', data: undefined, bookmark: null, error: cached.error, fetching: false };
  return { request, status: 'ready', data: cached.data, bookmark: cached.bookmark, error: null, fetching: false };
}

export function changeItems(data: unknown, change: ItemChange): unknown {
  if (Array.isArray(data)) {
    let changed = false;
    const next: unknown[] = [];
    for (const item of data as unknown[]) {
      const result = item !== null && typeof item === 'object' ? change(item as Item) : undefined;
      if (result === undefined) next.push(item);
      else {
        changed = true;
        if (result !== null) next.push(result);
      }
    }
    return changed ? next : data;
  }
  if (data !== null && typeof data === 'object') {
    // A search page (BaseSearchResource) holds its items in `results` (viewer spec: "search results arrays append").
    const results = (data as Item)['results'];
    if (Array.isArray(results)) {
      const next = changeItems(results, change);
      return next === results ? data : { ...(data as Item), results: next };
    }
    return change(data as Item) ?? data;
  }
  return data;
}

/**
 * The browser's resource cache keyed by resource name and options, seeded with what the server
 * loaded for the first render. Feeds page with bookmarks; a change to an item reaches every
 * cached feed holding it, which is what makes optimistic saves show everywhere at once.
 */
export function createResourceStore(seed: Record<string, LoadedResource>) {
  const entries = new Map<string, Entry>(Object.entries(seed).map(([key, { request, cached }]) => [key, seeded(request, cached)]));
  const listeners = new Set<() => void>();
  const itemFollowers = new Set<(change: ItemChange) => void>();
  let version = 0;

  const set = (key: string, entry: Entry) => {
    entries.set(key, entry);
    version += 1;
    for (const listener of listeners) listener();
  };

  const fetchPage = async (key: string, request: ResourceRequest, mode: 'first' | 'more' | 'refresh', retried = false): Promise<void> => {
    const before = entries.get(key);
    const bookmark = mode === 'more' ? before?.bookmark : undefined;
    const options = bookmark ? { ...request.options, bookmark } : request.options;
    try {
      const page = await readResource(request.name, options);
      const current = entries.get(key);
      const append = mode === 'more' && Array.isArray(current?.data) && Array.isArray(page.data);
      const data = append ? [...(current.data as unknown[]), ...(page.data as unknown[])] : page.data;
      set(key, { request, status: 'ready', data, bookmark: page.bookmark, error: null, fetching: false });
    } catch (error) {
      const failure = asFailure(error);
      if (mode === 'first' && !retried && refetchesOnFirstLoad(failure.httpStatus)) return fetchPage(key, request, mode, true);
      const current = entries.get(key);
      const keep = mode !== 'first' && current?.status === 'ready';
      set(key, keep ? { ...current, fetching: false, error: failure } : { request, status: 'error', data: undefined, bookmark: null, error: failure, fetching: false });
    }
  };

  return {
    get: (key: string): Entry | undefined => entries.get(key),
    version: (): number => version,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Loads the first page unless it is cached or on its way. */
    ensure(request: ResourceRequest): void {
      const key = resourceKey(request);
      if (entries.has(key)) return;
      set(key, { request, status: 'loading', data: undefined, bookmark: null, error: null, fetching: true });
      void fetchPage(key, request, 'first');
    },
    /** Stores a read another protocol answered (the closeup's graph query), unless the cache has it: what it has may be newer. */
    seed(request: ResourceRequest, cached: CachedResource): void {
      const key = resourceKey(request);
      if (!entries.has(key)) set(key, seeded(request, cached));
    },
    /** The next page of a feed, appended; nothing while one is on its way or at the end. */
    more(request: ResourceRequest): void {
      const key = resourceKey(request);
      const entry = entries.get(key);
      if (entry?.status !== 'ready' || entry.fetching || entry.bookmark === null || entry.bookmark === FEED_END) return;
      set(key, { ...entry, fetching: true });
      void fetchPage(key, request, 'more');
    },
    /** Fetches the first page again; it replaces what was there. */
    refresh(request: ResourceRequest): Promise<void> {
      const key = resourceKey(request);
      const entry = entries.get(key);
      set(key, entry ? { ...entry, fetching: true } : { request, status: 'loading', data: undefined, bookmark: null, error: null, fetching: true });
      return fetchPage(key, request, entry ? 'refresh' : 'first');
    },
    /** Applies a change to every cached item (arrays item by item, single objects whole). */
    changeItems(change: ItemChange): void {
      for (const [key, entry] of entries) {
        if (entry.status !== 'ready') continue;
        const data = changeItems(entry.data, change);
        if (data !== entry.data) set(key, { ...entry, data });
      }
      for (const follower of itemFollowers) follower(change);
    },
    /** Feeds kept outside the store (GraphQL's) follow the same item changes. */
    followItemChanges(follower: (change: ItemChange) => void): () => void {
      itemFollowers.add(follower);
      return () => {
        itemFollowers.delete(follower);
      };
    },
    /** Changes the data of the feeds whose request matches (a new pin on its board's feed). */
    changeFeeds(matches: (request: ResourceRequest) => boolean, change: (items: unknown[]) => unknown[]): void {
      for (const [key, entry] of entries) {
        if (entry.status === 'ready' && Array.isArray(entry.data) && matches(entry.request)) set(key, { ...entry, data: change(entry.data) });
      }
    },
    /** Drops entries so the next reader fetches them fresh (after a change the cache cannot mirror). */
    invalidate(matches: (request: ResourceRequest) => boolean): void {
      for (const [key, entry] of [...entries]) {
        if (matches(entry.request) && !entry.fetching) entries.delete(key);
      }
      version += 1;
      for (const listener of listeners) listener();
    },
  };
}
