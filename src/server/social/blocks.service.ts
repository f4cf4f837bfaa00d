import type { Actor } from '../access/actor.ts';
import { dropCollaborator } from '../boards/collaborators.service.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { removeBoardFollows, removeUserFollow } from './follows.service.ts';
import { writerOf } from '../access/authorized.ts';
import { transact } from '../db/transaction.ts';

/**
 * Block sets blocked_by_me. From then on the two see nothing of each other, so everything that
 * joined them goes in the same transaction: follows both ways (with their counts), each one's
 * follows of the other's boards (with the boards' follower counts), collaborations on each
 * other's boards and ownership offers between them.
 */
export async function blockUser(deps: Deps, actor: Actor, userId: string): Promise<void> {
  const writer = writerOf(actor, 'boards:write');
  if (userId === writer.userId) throw new AppError('bad_request', 'You cannot block yourself.');
  await transact(deps.db, async (trx) => {
    const user = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) throw new AppError('not_found');
    const now = Date.now();
    const inserted = await trx
      .insertInto('blocks')
      .values({ blocker_id: writer.userId, blocked_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return;
    await removeUserFollow(trx, writer.userId, userId, now);
    await removeUserFollow(trx, userId, writer.userId, now);
    await separateOnBoards(trx, writer.userId, userId, now);
    await separateOnBoards(trx, userId, writer.userId, now);
  });
}

/** `visitorId` stops following, collaborating on and being offered `ownerId`'s boards. */
async function separateOnBoards(db: Db, ownerId: string, visitorId: string, now: number): Promise<void> {
  const followed = await db
    .selectFrom('board_follows')
    .innerJoin('boards', 'boards.id', 'board_follows.board_id')
    .select('boards.id')
    .where('boards.owner_id', '=', ownerId)
    .where('board_follows.user_id', '=', visitorId)
    .execute();
  await removeBoardFollows(
    db,
    followed.map((b) => b.id),
    visitorId,
    now,
  );
  const collaborations = await db
    .selectFrom('board_collaborators')
    .innerJoin('boards', 'boards.id', 'board_collaborators.board_id')
    .select(['board_collaborators.board_id', 'board_collaborators.user_id', 'board_collaborators.status'])
    .where('boards.owner_id', '=', ownerId)
    .where('board_collaborators.user_id', '=', visitorId)
    .execute();
  for (const row of collaborations) await dropCollaborator(db, row.board_id, row, now);
}

/** Unblock: only the block goes; follows and collaborations are not restored. */
export async function unblockUser(deps: Deps, actor: Actor, userId: string): Promise<void> {
  const writer = writerOf(actor, 'boards:write');
  await deps.db.deleteFrom('blocks').where('blocker_id', '=', writer.userId).where('blocked_id', '=', userId).execute();
}

/** The users the caller blocked, newest first, for the settings list (which is the way to unblock). */
export async function listBlocked(
  deps: Deps,
  actor: Actor,
  limit: number,
  before?: { at: number; id: string },
): Promise<{ user_id: string; created_at: number }[]> {
  const writer = writerOf(actor, 'boards:write');
  let query = deps.db.selectFrom('blocks').select(['blocked_id as user_id', 'created_at']).where('blocker_id', '=', writer.userId);
  if (before) {
    query = query.where((eb) => eb.or([eb('created_at', '<', before.at), eb.and([eb('created_at', '=', before.at), eb('blocked_id', '<', before.id)])]));
  }
  return query.orderBy('created_at', 'desc').orderBy('blocked_id', 'desc').limit(limit).execute();
}
