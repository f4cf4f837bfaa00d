import { z } from 'zod';
import type { DomainEvent } from '../events/catalogue.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import {
  deleteUserRow,
  findDeletion,
  listCreatedPinsWithBoards,
  listOwnedBoardsWithPins,
  listOwnedMediaIds,
  markPurged,
  recountPinComments,
  uncountMemberCommentMarks,
} from './account-deletion.repo.ts';

/** The job that deletes an account once its grace period is over. */
export const ACCOUNT_PURGE_JOB = 'users.account_purge';

/** How long a deletion waits for its owner to change their mind; signing in then offers to cancel. */
export const DELETION_GRACE_MS = 14 * 24 * 60 * 60 * 1000;

const PurgeJob = z.object({ userId: z.string() });
const MEDIA_PAGE = 200;

/** When a scheduled deletion is due: at its purge time, not before. */
export function isPurgeDue(deletion: { purge_at: number; purged_at: number | null }, now: number): boolean {
  return deletion.purged_at === null && now >= deletion.purge_at;
}

export async function enqueuePurge(deps: Deps, userId: string, purgeAt: number): Promise<void> {
  await deps.ports.queue.enqueue({ type: ACCOUNT_PURGE_JOB, payload: { userId }, runAt: purgeAt, dedupeKey: `purge:${userId}:${purgeAt}`, maxAttempts: 10 });
}

/**
 * Deletes everything the member owns, once the deletion is due and still asked for: first the
 * files of their media through the blob store, then in one transaction the account row (every
 * row of theirs goes with it by the foreign keys' cascade), the purge mark and the events that
 * let search, the recommender and the counters forget their boards and pins. Killed half-way it
 * runs again from the start: deleting a deleted file is harmless and the rows are still there.
 */
export async function purgeAccount(deps: Deps, userId: string, now = Date.now()): Promise<boolean> {
  const deletion = await findDeletion(deps.db, userId);
  if (!deletion || !isPurgeDue(deletion, now)) return false;
  await deleteMediaFiles(deps, userId);
  await deps.ports.blobs.deletePrefix(`export/${userId}/`);
  const [boards, pins] = await Promise.all([listOwnedBoardsWithPins(deps.db, userId), listCreatedPinsWithBoards(deps.db, userId)]);
  const events: DomainEvent[] = [
    ...pins.map(({ pinId, boardIds }) => ({ type: 'pin.deleted' as const, pinId, boardIds })),
    ...boards.map(({ boardId, pinIds }) => ({ type: 'board.deleted' as const, boardId, pinIds })),
    { type: 'account.deleted', userId },
  ];
  await transact(deps.db, async (trx) => {
    // Cancelled meanwhile (the owner signed in and changed their mind): nothing goes.
    const still = await findDeletion(trx, userId);
    if (!still || still.purged_at !== null) return;
    const commentedPins = await uncountMemberCommentMarks(trx, userId);
    await deleteUserRow(trx, userId);
    await recountPinComments(trx, commentedPins);
    await markPurged(trx, userId, now);
    await deps.events.record(trx, null, events);
  });
  return true;
}

async function deleteMediaFiles(deps: Deps, userId: string): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const ids = await listOwnedMediaIds(deps.db, userId, after, MEDIA_PAGE);
    for (const id of ids) {
      for (const prefix of [`upload/${id}/`, `img/${id}/`, `vid/${id}/`]) await deps.ports.blobs.deletePrefix(prefix);
    }
    if (ids.length < MEDIA_PAGE) return;
    after = ids[ids.length - 1] ?? null;
  }
}

export function accountPurgeJob(deps: Deps) {
  return async (payload: unknown) => {
    await purgeAccount(deps, PurgeJob.parse(payload).userId);
  };
}
