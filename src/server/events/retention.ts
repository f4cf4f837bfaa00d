import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import type { JobHandler } from '../ports/queue/job-queue.ts';
import { deleteEventsUpTo, lowestPosition } from './events.repo.ts';

/**
 * How long the event log keeps events (docs/decisions/0033-domain-events.md): EVENT_RETENTION_DAYS
 * (400 by default: a year of history for the business History and audits, and a margin), and never
 * an event some cluster subscriber has not applied yet. Once a day a job deletes what is past it.
 */
export const EVENTS_PRUNE_JOB = 'events.prune';

const DAY_MS = 86_400_000;
const BATCH = 5_000;

/** Books the next prune a day from now; a second booking while one waits changes nothing. */
export async function schedulePrune(deps: Pick<Deps, 'ports'>): Promise<void> {
  await deps.ports.queue.enqueue({ type: EVENTS_PRUNE_JOB, payload: {}, dedupeKey: EVENTS_PRUNE_JOB, runAt: Date.now() + DAY_MS });
}

/** Deletes, a batch per statement, what is past retention and applied by every cluster subscriber; answers how many went. */
export async function pruneEvents(db: Db, retentionDays: number, now = Date.now()): Promise<number> {
  const applied = await lowestPosition(db);
  if (!applied) return 0;
  const before = now - retentionDays * DAY_MS;
  let pruned = 0;
  for (;;) {
    const deleted = await deleteEventsUpTo(db, applied, before, BATCH);
    pruned += deleted;
    if (deleted < BATCH) return pruned;
  }
}

export function pruneJob(deps: Deps): JobHandler {
  return async () => {
    await pruneEvents(deps.db, deps.config.eventRetentionDays);
    await schedulePrune(deps);
  };
}
