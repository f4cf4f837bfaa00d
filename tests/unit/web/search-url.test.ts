import { describe, expect, it } from 'vitest';
import { TAB_INDEX } from '../../../src/shared/search-scopes.ts';
import { QUERY_MAX as SERVER_QUERY_MAX } from '../../../src/shared/contracts/search.ts';
import { merchantChoices } from '../../../src/web/search/merchant-choices.ts';
import { searchPageResources } from '../../../src/web/search/requests.ts';
import { canonicalSearchPath, QUERY_MAX, readProductFilters, readSearchState, searchPath, SEARCH_TABS, tabPath } from '../../../src/web/search/search-url.ts';
import type { Viewer } from '../../../src/shared/viewer.ts';

describe('the search page keeps its state in the URL', () => {
  it('reads the scope, the trimmed query and the exact-words choice', () => {
    expect(readSearchState('videos', '?q=%20lemon%20tart%20&auto_correction_disabled=true')).toEqual({
      scope: 'videos',
      query: 'lemon tart',
      filters: {},
      exact: true,
    });
    expect(readSearchState('pins', '')).toEqual({ scope: 'pins', query: '', filters: {}, exact: false });
    expect(readSearchState('recipes', '?q=lemon')).toBeNull();
  });

  it('cuts a query to what the server accepts', () => {
    expect(QUERY_MAX).toBe(SERVER_QUERY_MAX);
    expect(readSearchState('pins', `?q=${'a'.repeat(300)}`)?.query).toHaveLength(QUERY_MAX);
  });

  it('reads product filters on the products tab only', () => {
    const search = '?q=tin&price_min=5&price_max=20&domain=shop.example&in_stock=true';
    expect(readSearchState('buyable_pins', search)?.filters).toEqual({ price_min: 5, price_max: 20, domains: ['shop.example'], in_stock: true });
    expect(readSearchState('pins', search)?.filters).toEqual({});
  });

  it('turns a reversed price range round and leaves out what the server would refuse', () => {
    expect(readProductFilters(new URLSearchParams('price_min=50&price_max=10'))).toEqual({ price_min: 10, price_max: 50 });
    expect(readProductFilters(new URLSearchParams('price_min=-1&price_max=abc&in_stock=yes&domain=bad/domain'))).toEqual({});
    expect(readProductFilters(new URLSearchParams('price_min=&price_max=2e9'))).toEqual({});
  });

  it('compares merchant domains in lower case without www., once each, in order, at most 20', () => {
    const params = new URLSearchParams([
      ['domain', 'WWW.Shop.example'],
      ['domain', 'b.example'],
      ['domain', 'shop.example'],
    ]);
    expect(readProductFilters(params).domains).toEqual(['b.example', 'shop.example']);
    const many = new URLSearchParams(Array.from({ length: 30 }, (_, i) => ['domain', `s${String(i).padStart(2, '0')}.example`]));
    expect(readProductFilters(many).domains).toHaveLength(20);
  });

  it('writes the URL the form and the reader agree on, so a reload shows the same page', () => {
    const state = {
      scope: 'buyable_pins' as const,
      query: 'tart tin',
      filters: { price_max: 40, domains: ['a.example', 'b.example'], in_stock: true as const },
      exact: true,
    };
    const path = searchPath(state);
    expect(path).toBe('/search/buyable_pins/?q=tart+tin&price_max=40&domain=a.example&domain=b.example&in_stock=true&auto_correction_disabled=true');
    const [, scope = '', search = ''] = /^\/search\/([^/]+)\/(\?.*)$/.exec(path) ?? [];
    expect(readSearchState(scope, search)).toEqual(state);
  });

  it('keeps the query across tabs but not the filters; the canonical path is scope and query', () => {
    expect(tabPath('users', 'ada lovelace')).toBe('/search/users/?q=ada+lovelace');
    expect(canonicalSearchPath({ scope: 'buyable_pins', query: 'tin', filters: { price_max: 3 }, exact: true })).toBe('/search/buyable_pins/?q=tin');
  });

  it('lists the tabs in the order of the spec (pins 0, products 1, videos 2, boards 3, people 4)', () => {
    expect(SEARCH_TABS.map((scope) => TAB_INDEX[scope])).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('the search page loads its first page on the server', () => {
  const viewer = { id: '1' } as Viewer;

  it('reads the first page as a required resource, and the unfiltered products beside filtered ones', () => {
    expect(searchPageResources({ params: { scope: 'pins' }, search: '?q=lemon', viewer: null })).toEqual([
      { name: 'BaseSearchResource', options: { query: 'lemon', scope: 'pins' }, required: true },
    ]);
    expect(searchPageResources({ params: { scope: 'buyable_pins' }, search: '?q=tin&price_max=9', viewer: null })).toEqual([
      { name: 'BaseSearchResource', options: { query: 'tin', scope: 'buyable_pins', appliedProductFilters: { price_max: 9 } }, required: true },
      { name: 'BaseSearchResource', options: { query: 'tin', scope: 'buyable_pins' } },
    ]);
  });

  it('reads nothing without words, and the own pins of a viewer only', () => {
    expect(searchPageResources({ params: { scope: 'pins' }, search: '?q=%20', viewer })).toEqual([]);
    expect(searchPageResources({ params: { scope: 'my_pins' }, search: '?q=lemon', viewer: null })).toEqual([]);
    expect(searchPageResources({ params: { scope: 'my_pins' }, search: '?q=lemon', viewer })).toHaveLength(1);
  });

  it('asks for an unknown scope as the URL names it, so the server refuses it and the page is a 404', () => {
    expect(searchPageResources({ params: { scope: 'recipes' }, search: '?q=lemon', viewer: null })).toEqual([
      { name: 'BaseSearchResource', options: { query: 'lemon', scope: 'recipes' }, required: true },
    ]);
  });
});

describe('the merchants a products search offers', () => {
  it('are the most frequent domains of the results, by name, and always the chosen ones', () => {
    const results = [{ domain: 'www.b.example' }, { domain: 'a.example' }, { domain: 'B.example' }, { domain: null }, {}];
    expect(merchantChoices(results, [])).toEqual(['a.example', 'b.example']);
    expect(merchantChoices([], ['z.example'])).toEqual(['z.example']);
    const many = Array.from({ length: 20 }, (_, i) => ({ domain: `s${String(i).padStart(2, '0')}.example` }));
    expect(merchantChoices([...many, { domain: 's19.example' }], [])).toHaveLength(12);
    expect(merchantChoices([...many, { domain: 's19.example' }], [])).toContain('s19.example');
  });
});
