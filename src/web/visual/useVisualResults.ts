import type { ResourceRequest } from '../../shared/resource-cache.ts';
import type { FeedState, ResourceState } from '../data/resources.tsx';
import type { PinJson } from '../pins/types.ts';
import { useSearchResults } from '../search/useSearchResults.ts';
import type { VisualSearchAnswer } from '../../shared/contracts/visual.ts';

export type VisualResults = { first: ResourceState<VisualSearchAnswer>; feed: FeedState<PinJson>; failed: boolean; retry: () => void };

/**
 * A visual search's pages, as the search page reads its own: the answer is an object whose
 * `results` append page after page (search/search-pages.ts), the filters coming with the first.
 */
export function useVisualResults(request: ResourceRequest): VisualResults {
  const results = useSearchResults<PinJson>(request);
  // The same chain of pages; only the first page's shape differs from a text search's.
  return results as unknown as VisualResults;
}
