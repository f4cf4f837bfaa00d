import { searchPageResources } from '../../search/requests.ts';
import { SearchPage, searchHead } from '../../search/SearchPage.tsx';
import type { PageInput, PageResource } from '../../router/types.ts';

export const head = searchHead;

export function resources(input: PageInput): PageResource[] {
  return searchPageResources(input);
}

export default SearchPage;
