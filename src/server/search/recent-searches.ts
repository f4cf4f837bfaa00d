import type { SearchScope } from '../../shared/constants.ts';
import { RECENT_QUERY_TAGS, type RecentQueryTag } from '../../shared/contracts/search.ts';

/**
 * A member's recent searches (business spec sections 3, 5 and 9): newest first, at most 20 in
 * each list, two searches the same when they match trimmed and ignoring case, each removable.
 * Searches of the member's own pins (my_pins) are the separate list of recent personal searches.
 */
export const RECENT_SEARCHES_MAX = 20;

export type RecentList = 'recent' | 'personal';
export type RecentSearch = { query: string; scope: SearchScope; searched_at: number };

/** What the typeahead shows when the client names no tags: the pin, board and people searches. */
export const DEFAULT_RECENT_QUERY_TAGS: readonly RecentQueryTag[] = ['recent_pin_searches', 'recent_board_searches', 'recent_user_searches'];

/** The comparison of the spec: trimmed, case-insensitive. */
export function recentKey(query: string): string {
  return query.trim().toLowerCase();
}

export function recentListOf(scope: SearchScope): RecentList {
  return scope === 'my_pins' ? 'personal' : 'recent';
}

/** The list after a search: it moves to the front (once), the oldest beyond 20 fall off. */
export function rememberSearch(list: readonly RecentSearch[], search: RecentSearch): RecentSearch[] {
  const query = search.query.trim();
  if (query === '') return [...list];
  const key = recentKey(query);
  return [{ ...search, query }, ...list.filter((s) => recentKey(s.query) !== key)].slice(0, RECENT_SEARCHES_MAX);
}

/** The list without a query (compared the same way); removing what is not there changes nothing. */
export function forgetSearch(list: readonly RecentSearch[], query: string): RecentSearch[] {
  const key = recentKey(query);
  return list.filter((s) => recentKey(s.query) !== key);
}

/**
 * The recent searches a typeahead shows for what has been typed: those of the tags' scopes that
 * start with it (all of them for an empty term), newest first.
 */
export function recentForTerm(list: readonly RecentSearch[], term: string, tags: readonly RecentQueryTag[], limit: number): RecentSearch[] {
  const scopes = new Set<SearchScope>(tags.flatMap((t) => RECENT_QUERY_TAGS[t]));
  const key = recentKey(term);
  return list
    .filter((s) => scopes.has(s.scope) && recentKey(s.query).startsWith(key))
    .sort((a, b) => b.searched_at - a.searched_at)
    .slice(0, limit);
}
