import { NewsHubBadgeResource, NewsHubResource, PushKeyResource, PushSubscriptionResource } from '../../shared/contracts/notifications.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { markNewsSeen, newsHubBadge, newsHubPage } from './notifications.service.ts';
import { pushPublicKey, subscribeDevice, unsubscribeDevice } from './push.service.ts';

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
  defineResource(PushKeyResource, {
    get: async ({ deps }) => ({ data: await pushPublicKey(deps) }),
  }),
  defineResource(PushSubscriptionResource, {
    create: async ({ input, actor, deps }) => ({ data: await subscribeDevice(deps, actor, input) }),
    delete: async ({ input, actor, deps }) => ({ data: await unsubscribeDevice(deps, actor, input.endpoint) }),
  }),
];
