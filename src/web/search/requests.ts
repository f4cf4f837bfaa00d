import type { TypedRequest } from '../api/resource-types.ts';
import type { PageInput, PageResource } from '../router/types.ts';
import { hasProductFilters, isPinSearch, readSearchState, type SearchState } from './search-url.ts';

/*
 * The search page's reads, built in one place so the page server's requests and the browser's are
 * the same cache keys.
 */

/** Whether the page searches at all: it needs words, and the viewer's own pins need a viewer. */
export function searches(state: SearchState, signedIn: boolean): boolean {
  return state.query !== '' && (state.scope !== 'my_pins' || signedIn);
}

/** The first page of a search's results (later pages add their bookmark to these options). */
export function searchRequest(state: SearchState): TypedRequest<'BaseSearchResource'> {
  const options = {
    query: state.query,
    scope: state.scope,
    ...(state.exact ? { auto_correction_disabled: true } : {}),
    ...(state.scope === 'buyable_pins' && hasProductFilters(state.filters) ? { appliedProductFilters: state.filters } : {}),
    ...(state.skinTone && isPinSearch(state.scope) ? { skin_tone: state.skinTone } : {}),
  };
  return { name: 'BaseSearchResource', options };
}

/**
 * The same products search without its filters: the merchants it offers to filter by come from
 * there, so choosing one does not make the others disappear.
 */
export function unfilteredRequest(state: SearchState): TypedRequest<'BaseSearchResource'> {
  return searchRequest({ ...state, filters: {} });
}

/** What the page server reads before rendering a search page (the route's `resources()`). */
export function searchPageResources({ params, search, viewer }: PageInput): PageResource[] {
  const scope = params['scope'] ?? '';
  const state = readSearchState(scope, search);
  if (!state) {
    // The search the URL asks for, which the server refuses (400): a scope that does not exist is a 404 page.
    return [{ name: 'BaseSearchResource', options: { query: new URLSearchParams(search).get('q') ?? '', scope }, required: true }];
  }
  if (!searches(state, viewer !== null)) return [];
  const first = { ...searchRequest(state), required: true };
  return hasProductFilters(state.filters) ? [first, unfilteredRequest(state)] : [first];
}
