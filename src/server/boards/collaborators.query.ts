import type { Actor } from '../access/actor.ts';
import type { Board, CollaboratorStatus } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { readerOf, writerOf } from '../access/authorized.ts';
import { findVisibleBoard } from '../access/board.policy.ts';

/** How many entries one collaborator list answers; boards with more are rare and page later. */
const COLLABORATORS_LISTED = 200;

export type CollaboratorEntry = { user_id: string; status: CollaboratorStatus; access: ('write' | 'delete')[]; invited_by: string | null };

/**
 * BoardCollaboratorResource get: who works on a board the reader may see. Pending invites and
 * requests are the owner's business; everyone else sees accepted collaborators only.
 */
export async function listCollaborators(deps: Deps, actor: Actor, boardId: string): Promise<{ board: Board; entries: CollaboratorEntry[] }> {
  const reader = readerOf(actor);
  const board = await findVisibleBoard(deps.db, reader, boardId);
  const isOwner = board.owner_id === reader.userId;
  let query = deps.db.selectFrom('board_collaborators').selectAll().where('board_id', '=', board.id);
  if (!isOwner) query = query.where('status', '=', 'accepted');
  const rows = await query.orderBy('created_at').orderBy('user_id').limit(COLLABORATORS_LISTED).execute();
  return {
    board,
    entries: rows.map((r) => ({
      user_id: r.user_id,
      status: r.status,
      access: r.status !== 'accepted' ? [] : r.can_delete === 1 ? ['write', 'delete'] : ['write'],
      invited_by: r.invited_by,
    })),
  };
}

/** BoardInviteResource get: the boards the caller is invited to, newest first, with who invited them. */
export async function listMyInvites(deps: Deps, actor: Actor): Promise<{ board: Board; invited_by: string | null }[]> {
  const writer = writerOf(actor, 'boards:write');
  const rows = await deps.db
    .selectFrom('board_collaborators as c')
    .innerJoin('boards', 'boards.id', 'c.board_id')
    .selectAll('boards')
    .select('c.invited_by')
    .where('c.user_id', '=', writer.userId)
    .where('c.status', '=', 'invited')
    .orderBy('c.created_at', 'desc')
    .limit(COLLABORATORS_LISTED)
    .execute();
  return rows.map(({ invited_by, ...board }) => ({ board, invited_by }));
}
