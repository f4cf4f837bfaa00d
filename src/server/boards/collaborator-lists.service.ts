import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import { readerOf, writerOf } from '../access/authorized.ts';
import { findVisibleBoard } from '../access/board.policy.ts';
import type { CollaboratorJson, InvitationJson } from '../../shared/contracts/board-collaborators.ts';
import { collaboratorsOfBoard, invitationsOf } from './collaborators.repo.ts';
import { presentCollaborators, presentInvitations } from './collaborators.present.ts';

/** How many entries one collaborator list answers; boards with more are rare and page later. */
const COLLABORATORS_LISTED = 200;

/**
 * BoardCollaboratorResource get: who works on a board the reader may see. Pending invites and
 * requests are the owner's business; everyone else sees accepted collaborators only.
 */
export async function listCollaborators(deps: Deps, actor: Actor, boardId: string): Promise<CollaboratorJson[]> {
  const reader = readerOf(actor);
  const board = await findVisibleBoard(deps.db, reader, boardId);
  const rows = await collaboratorsOfBoard(deps.db, board.id, board.owner_id === reader.userId, COLLABORATORS_LISTED);
  return presentCollaborators(deps, reader, rows);
}

/** BoardInviteResource get: the boards the caller is invited to, newest first, with who invited them. */
export async function listMyInvites(deps: Deps, actor: Actor): Promise<InvitationJson[]> {
  const writer = writerOf(actor, 'boards:write');
  return presentInvitations(deps, writer, await invitationsOf(deps.db, writer.userId, COLLABORATORS_LISTED));
}
