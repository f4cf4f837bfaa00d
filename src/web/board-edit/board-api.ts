import { callResource } from '../api/http.ts';
import { getResource } from '../api/resources.ts';
import type { BoardJson as SharedBoardJson } from '../../shared/board-json.ts';
import type { BoardPrivacy, BoardRef, SectionJson } from '../save/types.ts';

/** A user as the server presents one beside a board (src/server/social/user-cards.ts). */
export type UserCard = { id: string; username: string; full_name: string; image_medium_url: string | null; profile_url: string };

/** BoardResource's board, the fields these screens read (src/shared/board-json.ts). */
export type BoardJson = Pick<
  SharedBoardJson<UserCard>,
  | 'id'
  | 'name'
  | 'url'
  | 'privacy'
  | 'slug'
  | 'description'
  | 'owner'
  | 'pin_count'
  | 'section_count'
  | 'collaborator_count'
  | 'access'
  | 'viewer_collaborator_status'
  | 'pending_ownership_transfer'
  | 'archived_by_me_at'
  | 'cover_pin'
  | 'cover_images'
>;

export type BoardFieldsInput = { name: string; description?: string; privacy?: BoardPrivacy };
export type BoardChangesInput = Partial<BoardFieldsInput> & { cover_pin_id?: string | null };

export async function createBoard(fields: BoardFieldsInput): Promise<BoardJson> {
  return (await callResource('BoardResource', 'create', fields)) as BoardJson;
}

export async function updateBoard(boardId: string, changes: BoardChangesInput): Promise<BoardJson> {
  return (await callResource('BoardResource', 'update', { board_id: boardId, ...changes })) as BoardJson;
}

export async function setBoardArchived(boardId: string, archived: boolean): Promise<BoardJson> {
  return (await callResource('BoardResource', 'update', { board_id: boardId, archived })) as BoardJson;
}

export async function deleteBoard(boardId: string): Promise<void> {
  await callResource('BoardResource', 'delete', { board_id: boardId });
}

export async function addSection(boardId: string, title: string): Promise<SectionJson> {
  return (await callResource('BoardSectionResource', 'create', { board_id: boardId, title })) as SectionJson;
}

export async function renameSection(sectionId: string, title: string): Promise<SectionJson> {
  return (await callResource('BoardSectionResource', 'update', { section_id: sectionId, title })) as SectionJson;
}

export async function deleteSection(sectionId: string): Promise<void> {
  await callResource('BoardSectionResource', 'delete', { section_id: sectionId });
}

export type CollaboratorJson = {
  user: UserCard;
  status: 'invited' | 'requested' | 'accepted';
  access: ('write' | 'delete')[];
  invited_by_user: UserCard | null;
};

export function collaboratorsRequest(boardId: string) {
  return { name: 'BoardCollaboratorResource', options: { board_id: boardId } };
}

/** A member by exact username (UserResource), to invite. */
export async function findUser(username: string): Promise<UserCard> {
  return (await getResource('UserResource', { username })) as UserCard;
}

export async function inviteCollaborator(boardId: string, userId: string): Promise<CollaboratorJson> {
  return (await callResource('BoardCollaboratorResource', 'create', { board_id: boardId, user_id: userId })) as CollaboratorJson;
}

export async function approveRequest(boardId: string, userId: string): Promise<void> {
  await callResource('BoardCollaboratorResource', 'update', { board_id: boardId, user_id: userId, status: 'accepted' });
}

/** Removes a collaborator, denies a request or withdraws an invite (owner); leaves (one's own). */
export async function removeCollaborator(boardId: string, userId: string): Promise<void> {
  await callResource('BoardCollaboratorResource', 'delete', { board_id: boardId, user_id: userId });
}

export type InvitationJson = { board: BoardRef & { owner: UserCard }; invited_by_user: UserCard | null; status: 'invited' };

export const INVITATIONS_REQUEST = { name: 'BoardInviteResource', options: {} };

export async function requestToJoin(boardId: string): Promise<void> {
  await callResource('BoardInviteResource', 'create', { board_id: boardId });
}

export async function acceptInvite(boardId: string): Promise<BoardJson> {
  return (await callResource('BoardInviteResource', 'update', { board_id: boardId, status: 'accepted' })) as BoardJson;
}

/** Declines an invitation or withdraws a request to join. */
export async function declineInvite(boardId: string): Promise<void> {
  await callResource('BoardInviteResource', 'delete', { board_id: boardId });
}

export async function offerOwnership(boardId: string, userId: string): Promise<BoardJson> {
  return (await callResource('BoardOwnershipTransferResource', 'create', { board_id: boardId, user_id: userId })) as BoardJson;
}

export async function acceptOwnership(boardId: string): Promise<BoardJson> {
  return (await callResource('BoardOwnershipTransferResource', 'update', { board_id: boardId })) as BoardJson;
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
