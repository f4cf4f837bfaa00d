import { AdvancedTypeaheadResource, BaseSearchResource, SearchResource, SearchTabResource } from '../../shared/contracts/search.ts';
import { searchTabs } from '../../shared/search-scopes.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { forgetRecentSearches } from './recent-searches.service.ts';
import { search } from './search.service.ts';
import { typeahead } from './typeahead.service.ts';

/** The search resources (src/shared/contracts/search.ts); SearchResource is the same search as BaseSearchResource. */
export const searchResources: Resource[] = [
  defineResource(BaseSearchResource, {
    get: ({ input, actor, deps }) => search(deps, actor, input),
  }),
  defineResource(SearchResource, {
    get: ({ input, actor, deps }) => search(deps, actor, input),
  }),
  defineResource(SearchTabResource, {
    get: ({ input }) => Promise.resolve({ data: { tabs: searchTabs(input.query, input.scope) } }),
  }),
  defineResource(AdvancedTypeaheadResource, {
    get: async ({ input, actor, deps }) => ({ data: await typeahead(deps, actor, input) }),
    delete: async ({ input, actor, deps }) => ({ data: await forgetRecentSearches(deps, actor, input) }),
  }),
];
