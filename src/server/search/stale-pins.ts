import { transact } from '../db/transaction.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import type { JobHandler } from '../ports/queue/job-queue.ts';
import { pinIdsOnBoard } from '../boards/boards.repo.ts';
import { indexPins } from './search-index.ts';
import { anyPinWaiting, markPinsStale, unmarkPin, waitingPins, type WaitingTable } from './stale-pins.repo.ts';

/**
 * Changes that touch many pins at once (renaming a big board, making it secret, deleting it) mark
 * the pins stale in their own transaction instead of rebuilding every document there; a job then
 * rebuilds them. A stale pin is left out of every search until then, so what a board's old name or
 * privacy said can never surface it (docs/decisions/0018-search.md).
 */
export const SEARCH_REINDEX_JOB = 'search.reindex';

/** Up to this many pins are rebuilt in the transaction of the change itself. */
export const INLINE_REINDEX_LIMIT = 500;
const BATCH = 200;

/** Rebuilds these pins' documents now, or marks them stale for the job when they are many. */
export async function reindexPins(db: Db, pinIds: readonly string[]): Promise<void> {
  if (pinIds.length <= INLINE_REINDEX_LIMIT) {
    await indexPins(db, pinIds);
    return;
  }
  await markPinsStale(db, [...new Set(pinIds)].sort(), Date.now());
}

/** The pins on a board (after a rename or a privacy change). */
export async function reindexBoardPins(db: Db, boardId: string): Promise<void> {
  await reindexPins(db, await pinIdsOnBoard(db, boardId));
}

/** After the transaction commits, or when a process starts: starts the job if pins wait for it. */
export async function scheduleSearchReindex(deps: Deps): Promise<void> {
  const waiting = await Promise.all(WAITING.map((table) => anyPinWaiting(deps.db, table)));
  if (waiting.some(Boolean)) await deps.ports.queue.enqueue({ type: SEARCH_REINDEX_JOB, payload: {}, dedupeKey: SEARCH_REINDEX_JOB });
}

/**
 * Stale pins first: they are missing from results until rebuilt. Pending ones are still found as
 * their documents were: an upgrade that changes every document marks them so (migration 0012).
 */
const WAITING: readonly WaitingTable[] = ['search_stale_pins', 'search_pending_pins'];

/**
 * Rebuilds stale and pending pins, a batch per transaction, until none is left. A pin marked
 * again while its batch ran keeps its newer mark and is rebuilt again.
 */
export async function reindexWaitingPins(db: Db): Promise<number> {
  let done = 0;
  for (const table of WAITING) {
    for (;;) {
      const batch = await waitingPins(db, table, BATCH);
      if (batch.length === 0) break;
      await transact(db, async (trx) => {
        await indexPins(
          trx,
          batch.map((b) => b.pin_id),
        );
        for (const b of batch) await unmarkPin(trx, table, b.pin_id, b.marked_at);
      });
      done += batch.length;
    }
  }
  return done;
}

/** The job: no payload, since the tables say what to do; a second run finds nothing. */
export function reindexJob(deps: Deps): JobHandler {
  return async () => {
    await reindexWaitingPins(deps.db);
  };
}
