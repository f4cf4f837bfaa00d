import type { SearchScope } from './constants.ts';

/** Viewer spec section 9: the id of each search scope (idea pins have none). */
export const SCOPE_IDS = { pins: 43, my_pins: 107, buyable_pins: 254, videos: 3306, boards: 44, users: 45 } as const satisfies Partial<
  Record<SearchScope, number>
>;

/** Viewer spec section 9: the search page's tabs, in order. */
export const TAB_INDEX = { pins: 0, buyable_pins: 1, videos: 2, boards: 3, users: 4 } as const satisfies Partial<Record<SearchScope, number>>;

export type TabScope = keyof typeof TAB_INDEX;
/** The tabs' scopes in their order. */
export const TAB_SCOPES = ['pins', 'buyable_pins', 'videos', 'boards', 'users'] as const satisfies readonly TabScope[];

/** The scope a search runs in when it names none (viewer spec: scope default pins). */
export const DEFAULT_SCOPE: SearchScope = 'pins';
/** Where a search came from when the client does not say (viewer spec: rs default direct_navigation). */
export const DEFAULT_REFERRER = 'direct_navigation';

/** The search page of a scope: /search/<scope>/?q=<query> (viewer spec section 2). */
export function searchUrl(scope: SearchScope, query: string, rs?: string): string {
  const params = new URLSearchParams({ q: query, ...(rs ? { rs } : {}) });
  return `/search/${scope}/?${params.toString()}`;
}

/** The tabs of a search page, pins first; the one of `selected` marked (none for my_pins, idea_pins). */
export function searchTabs(query: string, selected: SearchScope) {
  return TAB_SCOPES.map((scope) => ({
    name: scope,
    tab_index: TAB_INDEX[scope],
    scope_id: SCOPE_IDS[scope],
    url: searchUrl(scope, query),
    is_selected: scope === selected,
  }));
}

/** Scopes whose results are pins (and so have guides and spelling correction). */
export type PinScope = 'pins' | 'buyable_pins' | 'my_pins' | 'videos' | 'idea_pins';

export function isPinScope(scope: SearchScope): scope is PinScope {
  return scope !== 'boards' && scope !== 'users';
}
