import type { SearchScope } from '../../shared/constants.ts';
import { isSkinToneRange, type SkinToneRange } from '../../shared/skin-tone.ts';
import { cleanQuery, isSearchScope } from './search-query.ts';

export { cleanQuery, isSearchScope, QUERY_MAX } from './search-query.ts';

/*
 * The search page's state lives in its URL, so back, forward, reload and a shared link all show the
 * same results: /search/<scope>/?q=<query>, the product filters of the products tab, and
 * auto_correction_disabled when the member asked for the exact words, the skin tone range of a pins
 * search (skin_tone). The product filter form
 * uses the same parameter names, so it also works as a plain GET form before the script runs.
 */

/** The search page's tabs in the spec's order (viewer spec section 9: tab indices 0 to 4). */
export const SEARCH_TABS = ['pins', 'buyable_pins', 'videos', 'boards', 'users'] as const satisfies readonly SearchScope[];

/** The server's limits on product filters. */
const PRICE_MAX = 1e9;
const DOMAINS_MAX = 20;
const DOMAIN = /^[a-z0-9.-]{1,253}$/;

/** appliedProductFilters of BaseSearchResource; absent fields do not filter. */
export type ProductFilters = { price_min?: number; price_max?: number; domains?: string[]; in_stock?: true };

export type SearchState = {
  scope: SearchScope;
  query: string;
  /** Only on the products tab (buyable_pins). */
  filters: ProductFilters;
  /** auto_correction_disabled: search the words as typed, without spelling correction. */
  exact: boolean;
  /** Only pins whose pictures show this skin tone range (searches for pins only). */
  skinTone?: SkinToneRange | undefined;
};

/** Boards and people are not pictures: only searches for pins are narrowed by skin tone. */
export function isPinSearch(scope: SearchScope): boolean {
  return scope !== 'boards' && scope !== 'users';
}

function priceOf(raw: string | null): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 && value <= PRICE_MAX ? value : undefined;
}

/** A merchant domain as the filter compares it: lower case, without "www.". */
export function merchantDomain(raw: string): string | null {
  const domain = raw
    .trim()
    .toLowerCase()
    .replace(/^www\./, '');
  return DOMAIN.test(domain) ? domain : null;
}

/** The product filters the query string names; what the server would refuse is left out. */
export function readProductFilters(params: URLSearchParams): ProductFilters {
  let min = priceOf(params.get('price_min'));
  let max = priceOf(params.get('price_max'));
  // A range typed the wrong way round means the same range.
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  const domains = [...new Set(params.getAll('domain').flatMap((d) => merchantDomain(d) ?? []))].sort().slice(0, DOMAINS_MAX);
  return {
    ...(min !== undefined ? { price_min: min } : {}),
    ...(max !== undefined ? { price_max: max } : {}),
    ...(domains.length > 0 ? { domains } : {}),
    ...(params.get('in_stock') === 'true' ? { in_stock: true as const } : {}),
  };
}

export function hasProductFilters(filters: ProductFilters): boolean {
  return Object.keys(filters).length > 0;
}

/** The page's state from its scope segment and query string; null for a scope that does not exist. */
export function readSearchState(scope: string, search: string): SearchState | null {
  if (!isSearchScope(scope)) return null;
  const params = new URLSearchParams(search);
  const skinTone = params.get('skin_tone');
  return {
    scope,
    query: cleanQuery(params.get('q') ?? ''),
    filters: scope === 'buyable_pins' ? readProductFilters(params) : {},
    exact: params.get('auto_correction_disabled') === 'true',
    ...(isPinSearch(scope) && isSkinToneRange(skinTone) ? { skinTone } : {}),
  };
}

/** The URL of a search page; filters only on the products tab. */
export function searchPath(state: SearchState): string {
  const params = new URLSearchParams({ q: state.query });
  if (state.scope === 'buyable_pins') {
    const { price_min, price_max, domains, in_stock } = state.filters;
    if (price_min !== undefined) params.set('price_min', String(price_min));
    if (price_max !== undefined) params.set('price_max', String(price_max));
    for (const domain of domains ?? []) params.append('domain', domain);
    if (in_stock) params.set('in_stock', 'true');
  }
  if (state.exact) params.set('auto_correction_disabled', 'true');
  if (state.skinTone && isPinSearch(state.scope)) params.set('skin_tone', state.skinTone);
  return `/search/${state.scope}/?${params.toString()}`;
}

/** Another tab of the same search: the query is kept; filters, the skin tone and the exact-words choice are not. */
export function tabPath(scope: SearchScope, query: string): string {
  return searchPath({ scope, query, filters: {}, exact: false });
}

/** The canonical path of a search page: its scope and query only. */
export function canonicalSearchPath(state: SearchState): string {
  return tabPath(state.scope, state.query);
}
