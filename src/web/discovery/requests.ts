import type { TodayRegion } from '../../shared/today-paths.ts';
import type { TypedRequest } from '../api/resource-types.ts';
import type { PageResource } from '../router/types.ts';
import type { DiscoverySection } from './types.ts';

/*
 * The discovery pages' reads, built in one place so the page server's requests and the browser's
 * are the same cache keys.
 */

/** A topic's page is addressed by its slug (/topics/:interest) or its id (/ideas/:interest/:id). */
export type TopicAddress = { slug: string } | { id: string };

const topicOptions = (address: TopicAddress) => ('id' in address ? { id: address.id } : { slug: address.slug.toLowerCase() });

export function topicRequest(address: TopicAddress): TypedRequest<'InterestResource'> {
  return { name: 'InterestResource', options: topicOptions(address) };
}

export function topicPinsRequest(address: TopicAddress): TypedRequest<'TopicFeedResource'> {
  return { name: 'TopicFeedResource', options: topicOptions(address) };
}

export function topicPageResources(address: TopicAddress): PageResource[] {
  return [{ ...topicRequest(address), required: true }, topicPinsRequest(address)];
}

export function ideasRequest(): TypedRequest<'IdeasResource'> {
  return { name: 'IdeasResource', options: {} };
}

export function sectionPinsRequest(section: DiscoverySection, interestId: string | null): TypedRequest<'DiscoveryFeedResource'> {
  return { name: 'DiscoveryFeedResource', options: interestId === null ? { section } : { section, interest_id: interestId } };
}

export function categoriesRequest(section: DiscoverySection): TypedRequest<'DiscoveryCategoriesResource'> {
  return { name: 'DiscoveryCategoriesResource', options: { section } };
}

/** /videos, /shopping (no topic) and their category pages (a topic, which must exist). */
export function sectionPageResources(section: DiscoverySection, interestId: string | null): PageResource[] {
  const category: PageResource[] = interestId === null ? [] : [{ ...topicRequest({ id: interestId }), required: true }];
  return [...category, categoriesRequest(section), sectionPinsRequest(section, interestId)];
}

export function todayRequest(region: TodayRegion): TypedRequest<'TodayArticlesResource'> {
  return { name: 'TodayArticlesResource', options: { region } };
}

export function articleRequest(id: string): TypedRequest<'TodayArticleResource'> {
  return { name: 'TodayArticleResource', options: { id } };
}

export function articlePinsRequest(id: string, leadPinId: string | null): TypedRequest<'TodayArticleFeedResource'> {
  return { name: 'TodayArticleFeedResource', options: leadPinId === null ? { id } : { id, lead_pin_id: leadPinId } };
}

export function operatorRequest(): TypedRequest<'OperatorScreenResource'> {
  return { name: 'OperatorScreenResource', options: {} };
}

export function curatedRequest(region: TodayRegion, day: string): TypedRequest<'TodayArticleAdminResource'> {
  return { name: 'TodayArticleAdminResource', options: { region, day } };
}
