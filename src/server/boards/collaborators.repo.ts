import type { Db } from '../db/database.ts';
import type { Board, BoardCollaborator, CollaboratorStatus } from '../db/schema/boards-and-pins.ts';

export async function findCollaborator(db: Db, boardId: string, userId: string): Promise<BoardCollaborator | undefined> {
  return db.selectFrom('board_collaborators').selectAll().where('board_id', '=', boardId).where('user_id', '=', userId).executeTakeFirst();
}

export async function insertCollaborator(db: Db, row: BoardCollaborator): Promise<void> {
  await db.insertInto('board_collaborators').values(row).execute();
}

export async function setCollaboratorAccepted(db: Db, boardId: string, userId: string, canDelete: boolean, now: number): Promise<void> {
  await db
    .updateTable('board_collaborators')
    .set({ status: 'accepted', can_delete: canDelete ? 1 : 0, updated_at: now })
    .where('board_id', '=', boardId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteCollaborator(db: Db, boardId: string, userId: string): Promise<void> {
  await db.deleteFrom('board_collaborators').where('board_id', '=', boardId).where('user_id', '=', userId).execute();
}

/** Drops the user's entry on the board if it is one of `statuses`; answers whether it did. */
export async function deleteCollaboratorIn(db: Db, boardId: string, userId: string, statuses: readonly CollaboratorStatus[]): Promise<boolean> {
  const result = await db
    .deleteFrom('board_collaborators')
    .where('board_id', '=', boardId)
    .where('user_id', '=', userId)
    .where('status', 'in', [...statuses])
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A board's entries, oldest first; only the accepted ones unless `pending` too. */
export async function collaboratorsOfBoard(db: Db, boardId: string, pending: boolean, limit: number): Promise<BoardCollaborator[]> {
  let query = db.selectFrom('board_collaborators').selectAll().where('board_id', '=', boardId);
  if (!pending) query = query.where('status', '=', 'accepted');
  return query.orderBy('created_at').orderBy('user_id').limit(limit).execute();
}

/** The boards the user is invited to, newest invitation first, with who invited them. */
export async function invitationsOf(db: Db, userId: string, limit: number): Promise<{ board: Board; invited_by: string | null }[]> {
  const rows = await db
    .selectFrom('board_collaborators as c')
    .innerJoin('boards', 'boards.id', 'c.board_id')
    .selectAll('boards')
    .select('c.invited_by')
    .where('c.user_id', '=', userId)
    .where('c.status', '=', 'invited')
    .orderBy('c.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(({ invited_by, ...board }) => ({ board, invited_by }));
}

/** The user's entries on the boards `ownerId` owns. */
export async function entriesOnBoardsOf(db: Db, ownerId: string, userId: string): Promise<Pick<BoardCollaborator, 'board_id' | 'user_id' | 'status'>[]> {
  return db
    .selectFrom('board_collaborators')
    .innerJoin('boards', 'boards.id', 'board_collaborators.board_id')
    .select(['board_collaborators.board_id', 'board_collaborators.user_id', 'board_collaborators.status'])
    .where('boards.owner_id', '=', ownerId)
    .where('board_collaborators.user_id', '=', userId)
    .execute();
}
