import { counterChanges } from '../db/counters.ts';
import type { Db } from '../db/database.ts';
import type { AccountDeletionsTable } from '../db/schema/account-security.ts';
import { recountPinComments as recountFromRows } from '../access/comment-hiding.repo.ts';

export type DeletionRow = Pick<AccountDeletionsTable, 'user_id' | 'requested_at' | 'purge_at' | 'purged_at'>;

/** Schedules the account's deletion; false when one is already pending. */
export async function insertDeletion(db: Db, userId: string, requestedAt: number, purgeAt: number): Promise<boolean> {
  const rows = await db
    .insertInto('account_deletions')
    .values({ user_id: userId, requested_at: requestedAt, purge_at: purgeAt, purged_at: null })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .execute();
  return rows.length === 1;
}

export async function findDeletion(db: Db, userId: string): Promise<DeletionRow | undefined> {
  return db.selectFrom('account_deletions').select(['user_id', 'requested_at', 'purge_at', 'purged_at']).where('user_id', '=', userId).executeTakeFirst();
}

/** Cancels a pending deletion; false when none is pending (or the purge has begun its last step). */
export async function deletePendingDeletion(db: Db, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('account_deletions').where('user_id', '=', userId).where('purged_at', 'is', null).executeTakeFirst();
  return result.numDeletedRows === 1n;
}

/** Whether the account is being deleted: its profile is hidden from the moment it is asked. */
export async function isDeletionPending(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('account_deletions').select('user_id').where('user_id', '=', userId).where('purged_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}

/** The member's media, a page at a time: the purge deletes their files before the rows go. */
export async function listOwnedMediaIds(db: Db, userId: string, afterId: string | null, limit: number): Promise<string[]> {
  let query = db.selectFrom('media').select('id').where('owner_id', '=', userId);
  if (afterId !== null) query = query.where('id', '>', afterId);
  return (await query.orderBy('id').limit(limit).execute()).map((row) => row.id);
}

/** The member's boards with the pins on them, for the events that let search and the recommender forget them. */
export async function listOwnedBoardsWithPins(db: Db, userId: string): Promise<{ boardId: string; pinIds: string[] }[]> {
  const rows = await db
    .selectFrom('boards')
    .leftJoin('board_pins', 'board_pins.board_id', 'boards.id')
    .select(['boards.id as board_id', 'board_pins.pin_id'])
    .where('boards.owner_id', '=', userId)
    .orderBy('boards.id')
    .execute();
  const boards = new Map<string, string[]>();
  for (const row of rows) {
    const pins = boards.get(row.board_id) ?? [];
    if (row.pin_id !== null) pins.push(row.pin_id);
    boards.set(row.board_id, pins);
  }
  return [...boards].map(([boardId, pinIds]) => ({ boardId, pinIds }));
}

/** The last step of a purge: the account row goes, and every row of the member with it (foreign keys cascade). */
export async function deleteUserRow(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

export async function markPurged(db: Db, userId: string, now: number): Promise<void> {
  await db.updateTable('account_deletions').set({ purged_at: now }).where('user_id', '=', userId).execute();
}

/** The pins the member made, with every board holding them: a purge deletes them everywhere. */
export async function listCreatedPinsWithBoards(db: Db, userId: string): Promise<{ pinId: string; boardIds: string[] }[]> {
  const rows = await db
    .selectFrom('pins')
    .leftJoin('board_pins', 'board_pins.pin_id', 'pins.id')
    .select(['pins.id as pin_id', 'board_pins.board_id'])
    .where('pins.creator_id', '=', userId)
    .orderBy('pins.id')
    .execute();
  const pins = new Map<string, string[]>();
  for (const row of rows) {
    const boards = pins.get(row.pin_id) ?? [];
    if (row.board_id !== null) boards.push(row.board_id);
    pins.set(row.pin_id, boards);
  }
  return [...pins].map(([pinId, boardIds]) => ({ pinId, boardIds }));
}

/**
 * Before the account row goes: the comments the member liked or marked helpful lose those marks
 * from their counts (the marks go by the cascade). Answers the pins the member commented on,
 * whose comment counts `recountPinComments` sets again once their comments are gone.
 */
export async function uncountMemberCommentMarks(db: Db, userId: string): Promise<string[]> {
  for (const [table, column] of [
    ['comment_reactions', 'like_count'],
    ['comment_helpful', 'helpful_count'],
  ] as const) {
    await db
      .updateTable('comments')
      .set(counterChanges({ [column]: -1 }))
      .where('id', 'in', db.selectFrom(table).select('comment_id').where('user_id', '=', userId))
      .execute();
  }
  const pins = await db.selectFrom('comments').select('pin_id').distinct().where('user_id', '=', userId).execute();
  return pins.map((p) => p.pin_id);
}

/** Each pin's reply counts, comment_count and tried-its' comment_count from its rows (the shared rule of access/comment-hiding.repo.ts). */
export async function recountPinComments(db: Db, pinIds: readonly string[]): Promise<void> {
  for (const pinId of pinIds) await recountFromRows(db, pinId);
}
