/**
 * The resource cache of viewer spec section 3 ("Resource cache entry") and its fetch rules
 * (section 4, "Resource fetch"), shared by the page server, which fills the cache for the first
 * render, and the browser, which reads it and fetches the rest.
 */

/** The end marker of a feed: a bookmark equal to it means there are no more pages. */
export const FEED_END = '-end-';

/** A resource read a page needs: `<Name>Resource` get with these options. */
export type ResourceRequest = { name: string; options: Record<string, unknown> };

export type ResourceFailure = { code: number | null; message: string; httpStatus: number };

/** What the cache holds for one key once loaded. */
export type CachedResource = { data: unknown; bookmark: string | null } | { error: ResourceFailure };

/** What the page server embeds in the initial state, by resourceKey. */
export type LoadedResource = { request: ResourceRequest; cached: CachedResource };

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** The cache key: the resource name and its options, independent of the order of their keys. */
export function resourceKey({ name, options }: ResourceRequest): string {
  return `${name}:${JSON.stringify(sorted(options))}`;
}

/** The end is reached when loaded, not fetching, and the bookmark equals the end marker. */
export function isFeedEnd(entry: { loaded: boolean; fetching: boolean; bookmark: string | null }): boolean {
  return entry.loaded && !entry.fetching && (entry.bookmark === FEED_END || entry.bookmark === null);
}

/** A server error (status absent or 500 and above) on the first load is fetched again, once. */
export function refetchesOnFirstLoad(httpStatus: number | null | undefined): boolean {
  return httpStatus === null || httpStatus === undefined || httpStatus === 0 || httpStatus >= 500;
}

/** New pages append; a refresh replaces. */
export function mergePage<T>(current: readonly T[], page: readonly T[], mode: 'append' | 'replace'): T[] {
  return mode === 'replace' ? [...page] : [...current, ...page];
}

/** Leading story items a new pin goes after (business spec section 4, "Pin creation"). */
export const LEADING_STORIES_KEPT = 2;

/** New pins go to the top of a feed, after up to two leading story items. */
export function prependNewPin<T extends { type?: unknown }>(items: readonly T[], pin: T): T[] {
  let at = 0;
  while (at < LEADING_STORIES_KEPT && items[at]?.type === 'story') at += 1;
  return [...items.slice(0, at), pin, ...items.slice(at)];
}
