import { topicRoute } from '../../../discovery/TopicPage.tsx';
import { topicPageResources } from '../../../discovery/requests.ts';
import type { PageInput, PageResource } from '../../../router/types.ts';

const address = (params: Record<string, string>) => ({ id: params['id'] ?? '' });
const { head: topicHead, Page } = topicRoute(address);

export const head = topicHead;

export function resources({ params }: PageInput): PageResource[] {
  return topicPageResources(address(params));
}

export default Page;
