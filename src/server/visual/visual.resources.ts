import { AnyOptions } from '../boards/boards.resources.ts';
import { defineUntypedResource, type Resource } from '../http/resources.ts';
import { parseInput } from '../http/validate.ts';
import { VisualSearchOptions } from './visual.inputs.ts';
import { visualSearch } from './visual-search.service.ts';

/**
 * VisualSearchFlashlightUnifiedResource get {pin_id, crop?: {x, y, w, h}, is_shopping?,
 * appliedProductFilters?, category_id?, bookmark?} or {query_features, ...}: {results,
 * price_filters, domain_filters, category_filters, query_features} and the next bookmark.
 * Not kept for visitors: the index follows commits a moment after them (decision 0023).
 */
export const VisualSearchFlashlightUnifiedResource = defineUntypedResource({
  name: 'VisualSearchFlashlightUnifiedResource',
  options: AnyOptions,
  get: async ({ options, actor, deps }) => visualSearch(deps, actor, parseInput(VisualSearchOptions, options)),
});

export const visualResources: Resource[] = [VisualSearchFlashlightUnifiedResource];
