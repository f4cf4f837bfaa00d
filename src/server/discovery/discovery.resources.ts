import { AnyOptions } from '../boards/boards.resources.ts';
import { defineUntypedResource, type Resource } from '../http/resources.ts';
import { parseInput } from '../http/validate.ts';
import { BookmarkOnly, CategoriesOptions, PinRef, SectionOptions, TopicOptions } from './discovery.inputs.ts';
import type { DiscoveryKind } from './discovery-feeds.ts';
import { relatedInterests } from './related-interests.ts';
import { categories, ideasIndex, kindFeed, topicFeed } from './topics.service.ts';
import { todayResources } from './today.resources.ts';

/*
 * The discovery pages' reads (docs/decisions/0024-discovery-pages.md). Each answers from its
 * options and stored content only, so visitors are answered from the visitor cache.
 */

const kindOf = (section: 'videos' | 'shopping'): DiscoveryKind => (section === 'videos' ? 'videos' : 'products');

/** TopicFeedResource get {id | slug, bookmark?}: a topic's pins, best first (/topics/:interest, /ideas/:interest/:id). */
export const TopicFeedResource = defineUntypedResource({
  name: 'TopicFeedResource',
  options: AnyOptions,
  sameForEveryVisitor: true,
  get: async ({ options, actor, deps }) => {
    const { bookmark, ...by } = parseInput(TopicOptions, options);
    const page = await topicFeed(deps, actor, by, 'all', bookmark);
    return { data: page.pins, bookmark: page.bookmark };
  },
});

/** DiscoveryFeedResource get {section: videos | shopping, interest_id?, bookmark?}: /videos, /shopping and their categories. */
export const DiscoveryFeedResource = defineUntypedResource({
  name: 'DiscoveryFeedResource',
  options: AnyOptions,
  sameForEveryVisitor: true,
  get: async ({ options, actor, deps }) => {
    const { section, interest_id, bookmark } = parseInput(SectionOptions, options);
    const kind = kindOf(section);
    const page = interest_id === undefined ? await kindFeed(deps, actor, kind, bookmark) : await topicFeed(deps, actor, { id: interest_id }, kind, bookmark);
    return { data: page.pins, bookmark: page.bookmark };
  },
});

/** DiscoveryCategoriesResource get {section}: the topics with videos (or products) the reader may see. */
export const DiscoveryCategoriesResource = defineUntypedResource({
  name: 'DiscoveryCategoriesResource',
  options: AnyOptions,
  sameForEveryVisitor: true,
  get: async ({ options, actor, deps }) => ({ data: await categories(deps, actor, kindOf(parseInput(CategoriesOptions, options).section)) }),
});

/** IdeasResource get {bookmark?}: the ideas index, topics most followed first with a cover pin. */
export const IdeasResource = defineUntypedResource({
  name: 'IdeasResource',
  options: AnyOptions,
  sameForEveryVisitor: true,
  get: async ({ options, actor, deps }) => ideasIndex(deps, actor, parseInput(BookmarkOnly, options).bookmark),
});

/** PinInterestsResource get {pin_id}: the topics a pin belongs to (its related interests). */
export const PinInterestsResource = defineUntypedResource({
  name: 'PinInterestsResource',
  options: AnyOptions,
  sameForEveryVisitor: true,
  get: async ({ options, actor, deps }) => ({ data: await relatedInterests(deps, actor, parseInput(PinRef, options).pin_id) }),
});

export const discoveryResources: Resource[] = [
  TopicFeedResource,
  DiscoveryFeedResource,
  DiscoveryCategoriesResource,
  IdeasResource,
  PinInterestsResource,
  ...todayResources,
];
