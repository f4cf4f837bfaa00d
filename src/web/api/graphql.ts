import type { DataOf, GraphQLQueryName, VariablesOf } from '../../shared/contracts/graphql.ts';
import { createGraphQLCache, graphqlCacheKey } from './graphql-cache.ts';
import { apiFetch, ApiError, failure, readJson } from './http.ts';

/**
 * The SHA-256 of each persisted query the client runs (src/server/graphql/persisted-queries.ts,
 * `persistedQueryHashes()`); the server executes nothing else. The GraphQL contract tests check
 * these against the server's documents, so a changed document cannot ship with a stale hash.
 */
export const QUERY_HASHES = {
  CloseupDetailQuery: '7251683b1d9fa9bdf6965f0eb63249d08d7870c978a7e27aad0b271d38588fd9',
  CloseupPageQuery: 'fc69c6d09655b273172cf1b3f10836e63f1b6ded69f0fe254529439c94d73df6',
  CloseupRelatedModulesFeedQuery: '0bed61faccc2de0a02b29d48abe4c09a6d424834cce67408018642210b81a720',
} as const satisfies Partial<Record<GraphQLQueryName, string>>;

/** The queries the client runs; each one's variables and data are its contract's (src/shared/contracts/graphql.ts). */
export type QueryName = keyof typeof QUERY_HASHES;

/** Viewer spec section 8, named errors: the query could not reach the server (no answer at all). */
export class GraphQLFetchError extends Error {
  override name = 'GraphQLFetchError';
}

type GraphQLAnswer = { data?: unknown; errors?: { message?: string; extensions?: { code?: number; http_status?: number } }[] };

const cache = createGraphQLCache<unknown>();
const pending = new Map<string, Promise<unknown>>();

async function post<N extends QueryName>(name: N, variables: VariablesOf<N>): Promise<unknown> {
  let response: Response;
  try {
    response = await apiFetch('/_/graphql/', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'X-Source-Url': window.location.pathname,
        'X-GraphQL-Query-Name': name,
        'X-App-State': document.visibilityState === 'visible' ? 'active' : 'background',
      },
      body: JSON.stringify({ queryHash: QUERY_HASHES[name], variables }),
    });
  } catch (error) {
    throw new GraphQLFetchError(error instanceof Error ? error.message : String(error));
  }
  const body = (await readJson(response)) as GraphQLAnswer | null;
  const first = body?.errors?.[0];
  if (first) throw new ApiError(first.message ?? `HTTP ${response.status}`, first.extensions?.code ?? null, first.extensions?.http_status ?? response.status);
  if (!response.ok || !body || body.data === undefined) throw failure(body, response.status);
  return body.data;
}

/**
 * The cached data of a query, if it answered within the last minute: lets a page come back whole
 * in its first render. The server checks its answers against the same contract (in tests).
 */
export function peekQuery<N extends QueryName>(name: N, variables: VariablesOf<N>): DataOf<N> | undefined {
  return cache.get(graphqlCacheKey(name, variables)) as DataOf<N> | undefined;
}

/**
 * The data of a persisted query: from the cache when the same query with the same variables
 * answered within the last minute, else from the server (one request for simultaneous callers).
 * Answers with errors are thrown as ApiError and never cached.
 */
export function runQuery<N extends QueryName>(name: N, variables: VariablesOf<N>): Promise<DataOf<N>> {
  const key = graphqlCacheKey(name, variables);
  const cached = peekQuery(name, variables);
  if (cached !== undefined) return Promise.resolve(cached);
  const running = pending.get(key);
  if (running) return running as Promise<DataOf<N>>;
  const request = post(name, variables)
    .then((data) => {
      cache.set(key, data);
      return data;
    })
    .finally(() => pending.delete(key));
  pending.set(key, request);
  return request as Promise<DataOf<N>>;
}
