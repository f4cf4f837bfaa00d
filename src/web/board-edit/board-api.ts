import { callResource } from '../api/http.ts';
import { getResource } from '../api/resources.ts';
import type { OptionsOf, TypedRequest } from '../api/resource-types.ts';
import type { BoardJson, SectionJson } from '../../shared/contracts/boards.ts';
import type { CollaboratorJson } from '../../shared/contracts/board-collaborators.ts';
import type { UserCard } from '../../shared/contracts/user-cards.ts';

export type BoardFieldsInput = OptionsOf<'BoardResource', 'create'>;
export type BoardChangesInput = Omit<OptionsOf<'BoardResource', 'update'>, 'board_id' | 'archived'>;

export async function createBoard(fields: BoardFieldsInput): Promise<BoardJson> {
  return callResource('BoardResource', 'create', fields);
}

export async function updateBoard(boardId: string, changes: BoardChangesInput): Promise<BoardJson> {
  return callResource('BoardResource', 'update', { board_id: boardId, ...changes });
}

export async function setBoardArchived(boardId: string, archived: boolean): Promise<BoardJson> {
  return callResource('BoardResource', 'update', { board_id: boardId, archived });
}

export async function deleteBoard(boardId: string): Promise<void> {
  await callResource('BoardResource', 'delete', { board_id: boardId });
}

export async function addSection(boardId: string, title: string): Promise<SectionJson> {
  return callResource('BoardSectionResource', 'create', { board_id: boardId, title });
}

export async function renameSection(sectionId: string, title: string): Promise<SectionJson> {
  return callResource('BoardSectionResource', 'update', { section_id: sectionId, title });
}

export async function deleteSection(sectionId: string): Promise<void> {
  await callResource('BoardSectionResource', 'delete', { section_id: sectionId });
}

export function collaboratorsRequest(boardId: string): TypedRequest<'BoardCollaboratorResource'> {
  return { name: 'BoardCollaboratorResource', options: { board_id: boardId } };
}

/** A member by exact username (UserResource), to invite. */
export async function findUser(username: string): Promise<UserCard> {
  return getResource('UserResource', { username });
}

export async function inviteCollaborator(boardId: string, userId: string): Promise<CollaboratorJson> {
  return callResource('BoardCollaboratorResource', 'create', { board_id: boardId, user_id: userId });
}

export async function approveRequest(boardId: string, userId: string): Promise<void> {
  await callResource('BoardCollaboratorResource', 'update', { board_id: boardId, user_id: userId, status: 'accepted' });
}

/** Removes a collaborator, denies a request or withdraws an invite (owner); leaves (one's own). */
export async function removeCollaborator(boardId: string, userId: string): Promise<void> {
  await callResource('BoardCollaboratorResource', 'delete', { board_id: boardId, user_id: userId });
}

export const INVITATIONS_REQUEST: TypedRequest<'BoardInviteResource'> = { name: 'BoardInviteResource', options: {} };

export async function requestToJoin(boardId: string): Promise<void> {
  await callResource('BoardInviteResource', 'create', { board_id: boardId });
}

export async function acceptInvite(boardId: string): Promise<BoardJson> {
  return callResource('BoardInviteResource', 'update', { board_id: boardId, status: 'accepted' });
}

/** Declines an invitation or withdraws a request to join. */
export async function declineInvite(boardId: string): Promise<void> {
  await callResource('BoardInviteResource', 'delete', { board_id: boardId });
}

export async function offerOwnership(boardId: string, userId: string): Promise<BoardJson> {
  return callResource('BoardOwnershipTransferResource', 'create', { board_id: boardId, user_id: userId });
}

export async function acceptOwnership(boardId: string): Promise<BoardJson> {
  return callResource('BoardOwnershipTransferResource', 'update', { board_id: boardId });
}

/** Cancels an offer (owner) or declines it (the pending owner). */
export async function cancelOwnership(boardId: string): Promise<void> {
  await callResource('BoardOwnershipTransferResource', 'delete', { board_id: boardId });
}

/** The field a 400's detail names ("name: Required" → name), for showing it under that field. */
export function fieldError(error: unknown, field: string): string | null {
  const detail = error instanceof Error && 'detail' in error && typeof error.detail === 'string' ? error.detail : null;
  const prefix = `${field}: `;
  return detail?.startsWith(prefix) ? detail.slice(prefix.length) : null;
}
