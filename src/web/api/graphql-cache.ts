/** Viewer spec section 7: the client keeps 100 GraphQL results, each for 60000 ms. */
export const GRAPHQL_CACHE_ENTRIES = 100;
export const GRAPHQL_CACHE_LIFETIME_MS = 60_000;

/** The key of a query's result: its name and its variables, keys sorted so their order does not matter. */
export function graphqlCacheKey(name: string, variables: Readonly<Record<string, unknown>>): string {
  const sorted = Object.keys(variables)
    .sort()
    .filter((key) => variables[key] !== undefined)
    .map((key) => [key, variables[key]]);
  return `${name}:${JSON.stringify(sorted)}`;
}

export type GraphQLCache<T> = {
  /** The stored result, unless it is older than the lifetime; reading it makes it the most recent. */
  get(key: string): T | undefined;
  /** Stores a result; past the limit, the least recently used one goes. */
  set(key: string, value: T): void;
  readonly size: number;
};

/**
 * The results of GraphQL queries, least recently used first (a Map keeps insertion order, and a
 * read moves its entry to the end). `now` is the clock, for tests.
 */
export function createGraphQLCache<T>(
  limits = { entries: GRAPHQL_CACHE_ENTRIES, lifetimeMs: GRAPHQL_CACHE_LIFETIME_MS },
  now: () => number = Date.now,
): GraphQLCache<T> {
  const entries = new Map<string, { value: T; storedAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (now() - entry.storedAt >= limits.lifetimeMs) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, storedAt: now() });
      for (const oldest of entries.keys()) {
        if (entries.size <= limits.entries) break;
        entries.delete(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
