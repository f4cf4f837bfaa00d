import { businessHistory } from './business/history.subscriber.ts';
import type { Deps } from './deps.ts';
import { notificationsSubscriber } from './notifications/notifications.subscriber.ts';
import { liveSubscriber, newsBadgeSubscriber } from './live/live.subscriber.ts';
import { pushWaker } from './notifications/push.job.ts';
import { graphSubscriber } from './recs/graph.subscriber.ts';
import { searchAfterSaves, searchDocuments, searchStaleRebuild } from './search/search.subscribers.ts';
import { visualSubscriber } from './visual/visual.subscriber.ts';

/**
 * Who follows which events (docs/decisions/0033-domain-events.md), in one place: the areas that
 * keep something derived from another area's changes. Registered before the replicas build, so
 * no change made during a build is missed.
 */
export async function subscribe(deps: Deps): Promise<void> {
  const { events, replicas } = deps;
  events.inTransaction(searchDocuments);
  events.inTransaction(newsBadgeSubscriber(deps));
  events.inTransaction(businessHistory);
  await events.onCluster(searchAfterSaves);
  await events.onCluster(notificationsSubscriber(deps));
  await events.onNode(pushWaker(deps));
  await events.onNode(searchStaleRebuild(deps));
  if (replicas.recommender) await events.onNode(graphSubscriber(replicas.recommender));
  if (replicas.visualIndex) await events.onNode(visualSubscriber(replicas.visualIndex));
  await events.onNode(liveSubscriber(replicas.live));
}
