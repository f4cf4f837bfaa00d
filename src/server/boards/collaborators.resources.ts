import { BoardCollaboratorResource, BoardInviteResource, BoardOwnershipTransferResource } from '../../shared/contracts/board-collaborators.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { presentBoardTo } from './boards.present.ts';
import { listCollaborators, listMyInvites } from './collaborator-lists.service.ts';
import { presentCollaboratorTo } from './collaborators.present.ts';
import { acceptInvite, approveRequest, declineInvite, inviteCollaborator, removeCollaborator, requestToJoin } from './collaborators.service.ts';
import { acceptOwnershipTransfer, cancelOwnershipTransfer, requestOwnershipTransfer } from './ownership.service.ts';

export const collaboratorResources: Resource[] = [
  defineResource(BoardCollaboratorResource, {
    get: async ({ input, actor, deps }) => ({ data: await listCollaborators(deps, actor, input.board_id) }),
    create: async ({ input, actor, deps }) => ({
      data: await presentCollaboratorTo(deps, actor, await inviteCollaborator(deps, actor, input.board_id, input.user_id)),
    }),
    update: async ({ input, actor, deps }) => {
      await approveRequest(deps, actor, input.board_id, input.user_id);
      return { data: { user_id: input.user_id, status: 'accepted' as const, access: ['write' as const, 'delete' as const] } };
    },
    delete: async ({ input, actor, deps }) => {
      await removeCollaborator(deps, actor, input.board_id, input.user_id);
      return { data: { user_id: input.user_id, status: 'not_invited' as const } };
    },
  }),
  defineResource(BoardInviteResource, {
    get: async ({ actor, deps }) => ({ data: await listMyInvites(deps, actor) }),
    create: async ({ input, actor, deps }) => {
      const row = await requestToJoin(deps, actor, input.board_id);
      return { data: { board_id: row.board_id, status: row.status } };
    },
    update: async ({ input, actor, deps }) => ({ data: await presentBoardTo(deps, actor, await acceptInvite(deps, actor, input.board_id)) }),
    delete: async ({ input, actor, deps }) => {
      await declineInvite(deps, actor, input.board_id);
      return { data: { board_id: input.board_id, status: 'not_invited' as const } };
    },
  }),
  defineResource(BoardOwnershipTransferResource, {
    create: async ({ input, actor, deps }) => ({
      data: await presentBoardTo(deps, actor, await requestOwnershipTransfer(deps, actor, input.board_id, input.user_id)),
    }),
    update: async ({ input, actor, deps }) => ({ data: await presentBoardTo(deps, actor, await acceptOwnershipTransfer(deps, actor, input.board_id)) }),
    delete: async ({ input, actor, deps }) => {
      await cancelOwnershipTransfer(deps, actor, input.board_id);
      return { data: null };
    },
  }),
];
