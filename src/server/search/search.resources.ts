import { AnyOptions } from '../boards/boards.resources.ts';
import { AppError } from '../errors.ts';
import { defineUntypedResource, type Resource } from '../http/resources.ts';
import { parseInput } from '../http/validate.ts';
import { clearRecentSearches, removeRecentSearch } from './recent-searches.repo.ts';
import { searchTabs } from './search-scopes.ts';
import { RecentRemoval, SearchOptions, SearchTabOptions, TypeaheadOptions } from './search.inputs.ts';
import { search } from './search.service.ts';
import { typeahead } from './typeahead.service.ts';

/**
 * BaseSearchResource get {query, scope?, bookmark?, auto_correction_disabled?, appliedProductFilters?,
 * skin_tone?, user?, rs?, ...}: {query, scope, scope_id, results, guides, typo, tabs,
 * show_skin_tone_filters} and the next bookmark. SearchResource is the same search under the other
 * name the spec gives it.
 */
function searchResource(name: 'BaseSearchResource' | 'SearchResource') {
  return defineUntypedResource({
    name,
    options: AnyOptions,
    sameForEveryVisitor: true,
    get: async ({ options, actor, deps }) => {
      const { data, bookmark } = await search(deps, actor, parseInput(SearchOptions, options));
      return { data, bookmark };
    },
  });
}

export const BaseSearchResource = searchResource('BaseSearchResource');
export const SearchResource = searchResource('SearchResource');

/** SearchTabResource get {query, scope?}: the search page's tabs (pins, products, videos, boards, people). */
export const SearchTabResource = defineUntypedResource({
  name: 'SearchTabResource',
  options: AnyOptions,
  sameForEveryVisitor: true,
  get: ({ options }) => {
    const { query, scope } = parseInput(SearchTabOptions, options);
    return Promise.resolve({ data: { tabs: searchTabs(query, scope) } });
  },
});

/**
 * AdvancedTypeaheadResource get {term, recent_queries_tags?}: {items}. delete {term} removes one of
 * the caller's recent searches (compared trimmed and ignoring case), delete {clear_all: true} all.
 */
export const AdvancedTypeaheadResource = defineUntypedResource({
  name: 'AdvancedTypeaheadResource',
  options: AnyOptions,
  sameForEveryVisitor: true,
  get: async ({ options, actor, deps }) => ({ data: await typeahead(deps, actor, parseInput(TypeaheadOptions, options)) }),
  delete: async ({ options, actor, deps }) => {
    const removal = parseInput(RecentRemoval, options);
    if (actor.kind === 'visitor') throw new AppError('unauthorized');
    if (removal.term === undefined) {
      await clearRecentSearches(deps.db, actor.userId);
      return { data: { removed: true } };
    }
    return { data: { removed: await removeRecentSearch(deps.db, actor.userId, removal.term) } };
  },
});

export const searchResources: Resource[] = [BaseSearchResource, SearchResource, SearchTabResource, AdvancedTypeaheadResource];
