import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RECENT_QUERY_TAGS,
  forgetSearch,
  recentForTerm,
  recentKey,
  recentListOf,
  rememberSearch,
  RECENT_SEARCHES_MAX,
  type RecentSearch,
} from '../../../src/server/search/recent-searches.ts';

const at = (query: string, searched_at: number, scope: RecentSearch['scope'] = 'pins'): RecentSearch => ({ query, scope, searched_at });

describe('recent searches are compared case-insensitively and trimmed, newest first, at most 20', () => {
  it('puts a new search first', () => {
    const list = rememberSearch(rememberSearch([], at('cake', 1)), at('bread', 2));
    expect(list.map((s) => s.query)).toEqual(['bread', 'cake']);
  });

  it('moves a search made again to the front once, whatever its case and surrounding spaces', () => {
    const list = [at('bread', 3), at('Cake', 2), at('pie', 1)];
    const next = rememberSearch(list, at('  cAKE ', 4));
    expect(next.map((s) => s.query)).toEqual(['cAKE', 'bread', 'pie']);
    expect(next[0]?.searched_at).toBe(4);
  });

  it('keeps the 20 newest and drops the oldest', () => {
    let list: RecentSearch[] = [];
    for (let i = 1; i <= 25; i += 1) list = rememberSearch(list, at(`q${i}`, i));
    expect(RECENT_SEARCHES_MAX).toBe(20);
    expect(list).toHaveLength(20);
    expect(list[0]?.query).toBe('q25');
    expect(list.at(-1)?.query).toBe('q6');
  });

  it('ignores a search of only spaces and does not change the list it was given', () => {
    const list = [at('cake', 1)];
    expect(rememberSearch(list, at('   ', 2))).toEqual(list);
    rememberSearch(list, at('pie', 3));
    expect(list).toEqual([at('cake', 1)]);
  });

  it('removes a search compared the same way, and removing one that is not there changes nothing', () => {
    const list = [at('Bread', 2), at('cake', 1)];
    expect(forgetSearch(list, ' bread ').map((s) => s.query)).toEqual(['cake']);
    expect(forgetSearch(list, 'pie')).toEqual(list);
  });

  it('keys a search by its trimmed lower-case text', () => {
    expect(recentKey('  Chocolate Cake ')).toBe('chocolate cake');
  });

  it("keeps searches of the member's own pins in the separate list of recent personal searches", () => {
    expect(recentListOf('my_pins')).toBe('personal');
    for (const scope of ['pins', 'buyable_pins', 'videos', 'boards', 'users', 'idea_pins'] as const) expect(recentListOf(scope)).toBe('recent');
  });
});

describe('the typeahead shows the recent searches of its tags that start with what was typed', () => {
  const list = [at('cake pops', 5, 'pins'), at('Cake boards', 4, 'boards'), at('carla', 3, 'users'), at('bread', 2, 'pins'), at('cakes of mine', 1, 'my_pins')];

  it('shows pin, board and people searches by default, newest first', () => {
    expect(recentForTerm(list, 'ca', DEFAULT_RECENT_QUERY_TAGS, 10).map((s) => s.query)).toEqual(['cake pops', 'Cake boards', 'carla']);
  });

  it('narrows to the tags asked for', () => {
    expect(recentForTerm(list, '', ['recent_user_searches'], 10).map((s) => s.query)).toEqual(['carla']);
    expect(recentForTerm(list, 'CAKE', ['recent_personal_searches'], 10).map((s) => s.query)).toEqual(['cakes of mine']);
  });

  it('shows them all for an empty term, up to the limit', () => {
    expect(recentForTerm(list, '  ', DEFAULT_RECENT_QUERY_TAGS, 2).map((s) => s.query)).toEqual(['cake pops', 'Cake boards']);
  });
});
