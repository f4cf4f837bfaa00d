import { describe, expect, it } from 'vitest';
import { SEARCH_SCOPES } from '../../../src/shared/constants.ts';
import { DEFAULT_REFERRER, DEFAULT_SCOPE, isPinScope, SCOPE_IDS, searchTabs, searchUrl, TAB_INDEX } from '../../../src/shared/search-scopes.ts';
import { SearchOptions } from '../../../src/shared/contracts/search.ts';

describe('search scopes, their ids and the tab indices of viewer spec section 9', () => {
  it('knows the seven scopes', () => {
    expect(SEARCH_SCOPES).toEqual(['pins', 'buyable_pins', 'my_pins', 'videos', 'boards', 'users', 'idea_pins']);
  });

  it('gives each scope its id: pins 43, my_pins 107, buyable_pins 254, videos 3306, boards 44, users 45', () => {
    expect(SCOPE_IDS).toEqual({ pins: 43, my_pins: 107, buyable_pins: 254, videos: 3306, boards: 44, users: 45 });
  });

  it('orders the tabs pins 0, buyable 1, videos 2, boards 3, users 4', () => {
    expect(TAB_INDEX).toEqual({ pins: 0, buyable_pins: 1, videos: 2, boards: 3, users: 4 });
    const tabs = searchTabs('cake', 'videos');
    expect(tabs.map((t) => [t.name, t.tab_index, t.scope_id])).toEqual([
      ['pins', 0, 43],
      ['buyable_pins', 1, 254],
      ['videos', 2, 3306],
      ['boards', 3, 44],
      ['users', 4, 45],
    ]);
    expect(tabs.filter((t) => t.is_selected).map((t) => t.name)).toEqual(['videos']);
    expect(searchTabs('cake', 'my_pins').some((t) => t.is_selected)).toBe(false);
  });

  it('links each scope to its search page, the query in q', () => {
    expect(searchUrl('pins', 'chocolate cake & more')).toBe('/search/pins/?q=chocolate+cake+%26+more');
    expect(searchTabs('a/b', 'pins')[3]?.url).toBe('/search/boards/?q=a%2Fb');
  });

  it('defaults to the pins scope and rs direct_navigation', () => {
    expect(DEFAULT_SCOPE).toBe('pins');
    expect(DEFAULT_REFERRER).toBe('direct_navigation');
    const parsed = SearchOptions.parse({ query: ' cake ' });
    expect(parsed).toMatchObject({ query: 'cake', scope: 'pins', rs: 'direct_navigation', auto_correction_disabled: false });
  });

  it('has guides and corrections for pin scopes only', () => {
    expect(SEARCH_SCOPES.filter(isPinScope)).toEqual(['pins', 'buyable_pins', 'my_pins', 'videos', 'idea_pins']);
  });

  it('refuses an unknown scope, an empty query and an unreadable flag', () => {
    expect(SearchOptions.safeParse({ query: 'cake', scope: 'everything' }).success).toBe(false);
    expect(SearchOptions.safeParse({ query: '   ' }).success).toBe(false);
    expect(SearchOptions.safeParse({ query: 'cake', auto_correction_disabled: 'maybe' }).success).toBe(false);
    expect(SearchOptions.parse({ query: 'cake', auto_correction_disabled: 'true' }).auto_correction_disabled).toBe(true);
    expect(SearchOptions.parse({ query: 'cake', auto_correction_disabled: '' }).auto_correction_disabled).toBe(false);
  });
});
