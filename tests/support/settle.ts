import { reindexWaitingPins } from '../../src/server/search/stale-pins.ts';
import type { Deps } from '../../src/server/deps.ts';

/**
 * Waits until every event committed so far has reached this node's subscribers and the replicas
 * have applied what those queued: what a test needs before it reads a replica after a write.
 */
export async function settle(deps: Deps): Promise<void> {
  await deps.events.settled();
  await Promise.all([deps.replicas.recommender?.settled(), deps.replicas.visualIndex?.settled()]);
}

/** Search documents behind a change: the events' subscribers first, then the stale pins' job, as a worker would run them. */
export async function catchUpSearch(deps: Deps): Promise<void> {
  await deps.events.settled();
  await reindexWaitingPins(deps.db);
}
