import { z } from 'zod';
import type { Board } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { defineUntypedResource, type Resource } from '../http/resources.ts';
import { parseInput } from '../http/validate.ts';
import { readerOf, type Reader } from '../access/authorized.ts';
import { cardOf, loadUserCards } from '../social/user-cards.ts';
import { Id } from './board.inputs.ts';
import { presentBoard } from './boards.present.ts';
import { AnyOptions } from './boards.resources.ts';
import { loadBoard } from './boards.service.ts';
import { listCollaborators, listMyInvites } from './collaborators.query.ts';
import { acceptInvite, approveRequest, declineInvite, inviteCollaborator, removeCollaborator, requestToJoin } from './collaborators.service.ts';
import { acceptOwnershipTransfer, cancelOwnershipTransfer, requestOwnershipTransfer } from './ownership.service.ts';

const BoardRef = z.object({ board_id: Id });
const BoardUser = BoardRef.extend({ user_id: Id });
const Accept = BoardRef.extend({ status: z.literal('accepted') });
const Approve = BoardUser.extend({ status: z.literal('accepted') });

async function collaboratorJson(deps: Deps, reader: Reader, entry: { user_id: string; status: string; can_delete: number; invited_by: string | null }) {
  const cards = await loadUserCards(deps, reader, [entry.user_id, ...(entry.invited_by ? [entry.invited_by] : [])]);
  return {
    user: cardOf(cards, entry.user_id),
    status: entry.status,
    access: entry.status !== 'accepted' ? [] : entry.can_delete === 1 ? ['write', 'delete'] : ['write'],
    invited_by_user: entry.invited_by ? (cards.get(entry.invited_by) ?? null) : null,
  };
}

/**
 * BoardCollaboratorResource: get {board_id} lists; create {board_id, user_id} invites (owner);
 * update {board_id, user_id, status: 'accepted'} approves a request (owner); delete {board_id,
 * user_id} removes, denies or withdraws (owner), or leaves (one's own entry).
 */
export const BoardCollaboratorResource = defineUntypedResource({
  name: 'BoardCollaboratorResource',
  options: AnyOptions,
  get: async ({ options, actor, deps }) => {
    const { entries } = await listCollaborators(deps, actor, parseInput(BoardRef, options).board_id);
    const reader = readerOf(actor);
    const cards = await loadUserCards(
      deps,
      reader,
      entries.flatMap((e) => [e.user_id, ...(e.invited_by ? [e.invited_by] : [])]),
    );
    const data = entries.map((e) => ({
      user: cardOf(cards, e.user_id),
      status: e.status,
      access: e.access,
      invited_by_user: e.invited_by ? (cards.get(e.invited_by) ?? null) : null,
    }));
    return { data };
  },
  create: async ({ options, actor, deps }) => {
    const { board_id, user_id } = parseInput(BoardUser, options);
    return { data: await collaboratorJson(deps, readerOf(actor), await inviteCollaborator(deps, actor, board_id, user_id)) };
  },
  update: async ({ options, actor, deps }) => {
    const { board_id, user_id } = parseInput(Approve, options);
    await approveRequest(deps, actor, board_id, user_id);
    return { data: { user_id, status: 'accepted', access: ['write', 'delete'] } };
  },
  delete: async ({ options, actor, deps }) => {
    const { board_id, user_id } = parseInput(BoardUser, options);
    await removeCollaborator(deps, actor, board_id, user_id);
    return { data: { user_id, status: 'not_invited' } };
  },
});

/** What an invitee may know of the boards they are invited to: name and owner, never counts (one query for the people). */
async function invitationsJson(deps: Deps, reader: Reader, invites: { board: Board; invited_by: string | null }[]) {
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

/**
 * BoardInviteResource, the invitee's side: get lists the caller's invitations; create {board_id}
 * asks to join; update {board_id, status: 'accepted'} accepts (and answers the board, now
 * visible); delete {board_id} declines an invitation or withdraws a request.
 */
export const BoardInviteResource = defineUntypedResource({
  name: 'BoardInviteResource',
  options: AnyOptions,
  get: async ({ actor, deps }) => ({ data: await invitationsJson(deps, readerOf(actor), await listMyInvites(deps, actor)) }),
  create: async ({ options, actor, deps }) => {
    const row = await requestToJoin(deps, actor, parseInput(BoardRef, options).board_id);
    return { data: { board_id: row.board_id, status: row.status } };
  },
  update: async ({ options, actor, deps }) => {
    const { board_id } = parseInput(Accept, options);
    await acceptInvite(deps, actor, board_id);
    return { data: await presentBoard(deps, readerOf(actor), await loadBoard(deps.db, board_id)) };
  },
  delete: async ({ options, actor, deps }) => {
    const { board_id } = parseInput(BoardRef, options);
    await declineInvite(deps, actor, board_id);
    return { data: { board_id, status: 'not_invited' } };
  },
});

/**
 * BoardOwnershipTransferResource: create {board_id, user_id} offers the board to a collaborator
 * (owner); update {board_id} accepts (the pending owner); delete {board_id} cancels (owner) or
 * declines (pending owner).
 */
export const BoardOwnershipTransferResource = defineUntypedResource({
  name: 'BoardOwnershipTransferResource',
  options: AnyOptions,
  create: async ({ options, actor, deps }) => {
    const { board_id, user_id } = parseInput(BoardUser, options);
    return { data: await presentBoard(deps, readerOf(actor), await requestOwnershipTransfer(deps, actor, board_id, user_id)) };
  },
  update: async ({ options, actor, deps }) => ({
    data: await presentBoard(deps, readerOf(actor), await acceptOwnershipTransfer(deps, actor, parseInput(BoardRef, options).board_id)),
  }),
  delete: async ({ options, actor, deps }) => {
    await cancelOwnershipTransfer(deps, actor, parseInput(BoardRef, options).board_id);
    return { data: null };
  },
});

export const collaboratorResources: Resource[] = [BoardCollaboratorResource, BoardInviteResource, BoardOwnershipTransferResource];
