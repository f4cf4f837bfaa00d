import { SEARCH_SCOPES, type SearchScope } from '../../shared/constants.ts';

/*
 * The query of a search page's address, apart from the rest of its state (search-url.ts): the
 * header shows it on every page, so it is all of search that the first load carries.
 */

/** The longest query the server accepts (src/server/search/search.inputs.ts). */
export const QUERY_MAX = 200;

export function isSearchScope(value: string): value is SearchScope {
  return (SEARCH_SCOPES as readonly string[]).includes(value);
}

/** A query as the server takes it: trimmed and at most QUERY_MAX characters. */
export function cleanQuery(raw: string): string {
  return raw.trim().slice(0, QUERY_MAX).trim();
}

/** The query of a search page's address, empty for a scope that does not exist. */
export function searchedQuery(scope: string, search: string): string {
  return isSearchScope(scope) ? cleanQuery(new URLSearchParams(search).get('q') ?? '') : '';
}
