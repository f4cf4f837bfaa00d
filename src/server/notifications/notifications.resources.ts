import { NewsHubBadgeResource, NewsHubResource } from '../../shared/contracts/notifications.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { markNewsSeen, newsHubBadge, newsHubPage } from './notifications.service.ts';

/** The news hub (docs/decisions/0050-notifications.md). */
export const notificationResources: Resource[] = [
  defineResource(NewsHubResource, {
    get: async ({ input, actor, deps }) => {
      const { items, bookmark } = await newsHubPage(deps, actor, input.bookmark);
      return { data: items, bookmark };
    },
    update: async ({ input, actor, deps }) => ({ data: await markNewsSeen(deps, actor, input.notification_ids) }),
  }),
  defineResource(NewsHubBadgeResource, {
    get: async ({ actor, deps }) => ({ data: await newsHubBadge(deps, actor) }),
  }),
];
