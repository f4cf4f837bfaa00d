import { z } from 'zod';
import { BoardAccessList, BoardJson, BoardPrivacy, BoardIdInput } from './boards.ts';
import { Id } from './common.ts';
import { resourceContract } from './contract.ts';
import { UserCard } from './user-cards.ts';

const BoardUser = BoardIdInput.extend({ user_id: Id });
const CollaboratorStatus = z.enum(['invited', 'requested', 'accepted']);

/** Someone on a board's collaborator list: their status, what they may do, who invited them. */
export const CollaboratorJson = z.object({
  user: UserCard,
  status: CollaboratorStatus,
  access: BoardAccessList,
  invited_by_user: UserCard.nullable(),
});
export type CollaboratorJson = z.infer<typeof CollaboratorJson>;

/** What an invitee may know of a board they are invited to: its name and owner, never its counts. */
export const InvitationJson = z.object({
  board: z.object({ id: z.string(), name: z.string(), privacy: BoardPrivacy, url: z.string(), owner: UserCard }),
  invited_by_user: UserCard.nullable(),
  status: z.literal('invited'),
});
export type InvitationJson = z.infer<typeof InvitationJson>;

/**
 * BoardCollaboratorResource: get {board_id} lists; create {board_id, user_id} invites (owner);
 * update {board_id, user_id, status: 'accepted'} approves a request (owner); delete {board_id,
 * user_id} removes, denies or withdraws (owner), or leaves (one's own entry).
 */
export const BoardCollaboratorResource = resourceContract({
  name: 'BoardCollaboratorResource',
  verbs: {
    get: { input: BoardIdInput, output: z.array(CollaboratorJson) },
    create: { input: BoardUser, output: CollaboratorJson },
    update: {
      input: BoardUser.extend({ status: z.literal('accepted') }),
      output: z.object({ user_id: z.string(), status: z.literal('accepted'), access: BoardAccessList }),
    },
    delete: { input: BoardUser, output: z.object({ user_id: z.string(), status: z.literal('not_invited') }) },
  },
});

/**
 * BoardInviteResource, the invitee's side: get lists the caller's invitations; create {board_id}
 * asks to join; update {board_id, status: 'accepted'} accepts (and answers the board, now
 * visible); delete {board_id} declines an invitation or withdraws a request.
 */
export const BoardInviteResource = resourceContract({
  name: 'BoardInviteResource',
  verbs: {
    get: { input: z.object({}), output: z.array(InvitationJson) },
    create: { input: BoardIdInput, output: z.object({ board_id: z.string(), status: CollaboratorStatus }) },
    update: { input: BoardIdInput.extend({ status: z.literal('accepted') }), output: BoardJson },
    delete: { input: BoardIdInput, output: z.object({ board_id: z.string(), status: z.literal('not_invited') }) },
  },
});

/**
 * BoardOwnershipTransferResource: create {board_id, user_id} offers the board to a collaborator
 * (owner); update {board_id} accepts (the pending owner); delete {board_id} cancels (owner) or
 * declines (pending owner).
 */
export const BoardOwnershipTransferResource = resourceContract({
  name: 'BoardOwnershipTransferResource',
  verbs: {
    create: { input: BoardUser, output: BoardJson },
    update: { input: BoardIdInput, output: BoardJson },
    delete: { input: BoardIdInput, output: z.null() },
  },
});
