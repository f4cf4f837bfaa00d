import { VisualSearchFlashlightUnifiedResource } from '../../shared/contracts/visual.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { visualSearch } from './visual-search.service.ts';

export const visualResources: Resource[] = [
  defineResource(VisualSearchFlashlightUnifiedResource, {
    get: ({ input, actor, deps }) => visualSearch(deps, actor, input),
  }),
];
