import { sql, type SqlBool } from 'kysely';
import { transact } from '../db/transaction.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import type { JobHandler } from '../ports/queue/job-queue.ts';
import { pinIdsOnBoard } from '../boards/boards.repo.ts';
import { indexPins } from './search-index.ts';

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
  const now = Date.now();
  const ids = [...new Set(pinIds)].sort();
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .insertInto('search_stale_pins')
      .values(ids.slice(i, i + 500).map((pin_id) => ({ pin_id, marked_at: now })))
      .onConflict((oc) => oc.column('pin_id').doUpdateSet({ marked_at: now }))
      .execute();
  }
}

/** The pins on a board (after a rename or a privacy change). */
export async function reindexBoardPins(db: Db, boardId: string): Promise<void> {
  await reindexPins(db, await pinIdsOnBoard(db, boardId));
}

/** After the transaction commits, or when a process starts: starts the job if pins wait for it. */
export async function scheduleSearchReindex(deps: Deps): Promise<void> {
  const [stale, pending] = await Promise.all(WAITING.map((table) => deps.db.selectFrom(table).select('pin_id').limit(1).executeTakeFirst()));
  if (stale ?? pending) await deps.ports.queue.enqueue({ type: SEARCH_REINDEX_JOB, payload: {}, dedupeKey: SEARCH_REINDEX_JOB });
}

/**
 * Stale pins first: they are missing from results until rebuilt. Pending ones are still found as
 * their documents were: an upgrade that changes every document marks them so (migration 0012).
 */
const WAITING = ['search_stale_pins', 'search_pending_pins'] as const;

/**
 * Rebuilds stale and pending pins, a batch per transaction, until none is left. A pin marked
 * again while its batch ran keeps its newer mark and is rebuilt again.
 */
export async function reindexWaitingPins(db: Db): Promise<number> {
  let done = 0;
  for (const table of WAITING) {
    for (;;) {
      const batch = await db.selectFrom(table).select(['pin_id', 'marked_at']).orderBy('pin_id').limit(BATCH).execute();
      if (batch.length === 0) break;
      await transact(db, async (trx) => {
        await indexPins(
          trx,
          batch.map((b) => b.pin_id),
        );
        for (const b of batch) await trx.deleteFrom(table).where('pin_id', '=', b.pin_id).where('marked_at', '<=', b.marked_at).execute();
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

/** The condition "not waiting for a reindex" on `pins`, for every search of pins. */
export const notStale = sql<SqlBool>`not exists (select 1 from search_stale_pins ssp where ssp.pin_id = pins.id)`;
/** The same on a document (`search_pins as sp`): a stale one is not even a candidate. */
export const notStaleDocument = sql<SqlBool>`not exists (select 1 from search_stale_pins ssp where ssp.pin_id = sp.pin_id)`;
