import {
  DiscoveryCategoriesResource,
  DiscoveryFeedResource,
  IdeasResource,
  PinInterestsResource,
  TopicFeedResource,
} from '../../shared/contracts/discovery.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import type { DiscoveryKind } from './discovery-feeds.ts';
import { relatedInterests } from './related-interests.ts';
import { categories, ideasIndex, kindFeed, topicFeed } from './topics.service.ts';
import { todayResources } from './today.resources.ts';

/* The discovery pages' reads (docs/decisions/0024-discovery-pages.md; contracts in src/shared/contracts/discovery.ts). */

const kindOf = (section: 'videos' | 'shopping'): DiscoveryKind => (section === 'videos' ? 'videos' : 'products');

export const discoveryResources: Resource[] = [
  defineResource(TopicFeedResource, {
    get: async ({ input, actor, deps }) => {
      const { bookmark, ...by } = input;
      const page = await topicFeed(deps, actor, by, 'all', bookmark);
      return { data: page.pins, bookmark: page.bookmark };
    },
  }),
  defineResource(DiscoveryFeedResource, {
    get: async ({ input, actor, deps }) => {
      const { section, interest_id, bookmark } = input;
      const kind = kindOf(section);
      const page = interest_id === undefined ? await kindFeed(deps, actor, kind, bookmark) : await topicFeed(deps, actor, { id: interest_id }, kind, bookmark);
      return { data: page.pins, bookmark: page.bookmark };
    },
  }),
  defineResource(DiscoveryCategoriesResource, {
    get: async ({ input, actor, deps }) => ({ data: await categories(deps, actor, kindOf(input.section)) }),
  }),
  defineResource(IdeasResource, {
    get: ({ input, actor, deps }) => ideasIndex(deps, actor, input.bookmark),
  }),
  defineResource(PinInterestsResource, {
    get: async ({ input, actor, deps }) => ({ data: await relatedInterests(deps, actor, input.pin_id) }),
  }),
  ...todayResources,
];
