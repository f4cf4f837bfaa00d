import type { Actor } from '../access/actor.ts';
import { readerOf, type Reader } from '../access/authorized.ts';
import type { Board, BoardCollaborator } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { cardOf, loadUserCards } from '../users/user-cards.ts';
import type { CollaboratorJson, InvitationJson } from '../../shared/contracts/board-collaborators.ts';

type Entry = Pick<BoardCollaborator, 'user_id' | 'status' | 'can_delete' | 'invited_by'>;

/** Entries of a board's collaborator list with their people, in one query for the people. */
export async function presentCollaborators(deps: Deps, reader: Reader, entries: readonly Entry[]): Promise<CollaboratorJson[]> {
  const cards = await loadUserCards(
    deps,
    reader,
    entries.flatMap((e) => [e.user_id, ...(e.invited_by ? [e.invited_by] : [])]),
  );
  return entries.map((e) => ({
    user: cardOf(cards, e.user_id),
    status: e.status,
    access: e.status !== 'accepted' ? [] : e.can_delete === 1 ? ['write', 'delete'] : ['write'],
    invited_by_user: e.invited_by ? (cards.get(e.invited_by) ?? null) : null,
  }));
}

/** An entry the caller just made (an invitation), as they see it. */
export async function presentCollaboratorTo(deps: Deps, actor: Actor, entry: Entry): Promise<CollaboratorJson> {
  const [json] = await presentCollaborators(deps, readerOf(actor), [entry]);
  if (!json) throw new Error('an entry presents as one entry');
  return json;
}

/** What an invitee may know of the boards they are invited to: name and owner, never counts (one query for the people). */
export async function presentInvitations(
  deps: Deps,
  reader: Reader,
  invites: readonly { board: Board; invited_by: string | null }[],
): Promise<InvitationJson[]> {
  const cards = await loadUserCards(
    deps,
    reader,
    invites.flatMap((i) => [i.board.owner_id, ...(i.invited_by ? [i.invited_by] : [])]),
  );
  return invites.map(({ board, invited_by }) => {
    const owner = cardOf(cards, board.owner_id);
    return {
      board: { id: board.id, name: board.name, privacy: board.privacy, url: `/${owner.username}/${board.slug}/`, owner },
      invited_by_user: invited_by ? (cards.get(invited_by) ?? null) : null,
      status: 'invited' as const,
    };
  });
}
