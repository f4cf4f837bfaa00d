import type { Db } from '../db/database.ts';
import type { Board, BoardCollaborator, BoardPrivacy } from '../db/schema/boards-and-pins.ts';
import { AppError, notFound } from '../errors.ts';
import { collaboratorRow, visibleBoard } from './access.repo.ts';
import type { Reader, Writer } from './authorized.ts';

/**
 * What a role may do on a board. A board the viewer may not see does not exist for them: every
 * check answers 404 for it, never 403 (visibility.repo.ts holds the rule as SQL).
 */
export type BoardRole = 'owner' | 'collaborator' | 'collaborator_delete' | 'none';

/** What a role may do on a board (spec: write on joining; write and delete on approval). */
export type BoardAccess = {
  /** Save and create pins, add and rename sections, move pins within the board. */
  write: boolean;
  /** Remove anyone's pins, delete sections. */
  delete: boolean;
  /** Edit, archive, delete the board; manage collaborators; transfer ownership. */
  admin: boolean;
};

export function accessOfRole(role: BoardRole): BoardAccess {
  switch (role) {
    case 'owner':
      return { write: true, delete: true, admin: true };
    case 'collaborator_delete':
      return { write: true, delete: true, admin: false };
    case 'collaborator':
      return { write: true, delete: false, admin: false };
    case 'none':
      return { write: false, delete: false, admin: false };
  }
}

export function roleOf(
  board: Pick<Board, 'owner_id'>,
  userId: string | null,
  collaborator: Pick<BoardCollaborator, 'status' | 'can_delete'> | undefined,
): BoardRole {
  if (userId === null) return 'none';
  if (board.owner_id === userId) return 'owner';
  if (collaborator?.status !== 'accepted') return 'none';
  return collaborator.can_delete === 1 ? 'collaborator_delete' : 'collaborator';
}

/** The spec's `access` list of a board for the viewer. */
export function accessList(access: BoardAccess): ('write' | 'delete')[] {
  return [...(access.write ? ['write' as const] : []), ...(access.delete ? ['delete' as const] : [])];
}

/** The single-read check: the board if the reader may see it, else not found. */
export async function findVisibleBoard(db: Db, reader: Reader, boardId: string): Promise<Board> {
  const board = await visibleBoard(db, reader, boardId);
  if (!board) throw notFound('board');
  return board;
}

export async function findCollaborator(db: Db, boardId: string, userId: string | null): Promise<BoardCollaborator | undefined> {
  return userId === null ? undefined : collaboratorRow(db, boardId, userId);
}

/** The reader's role on a board they can see; the collaborator row is read only for a non-owner. */
export async function roleOnBoard(db: Db, board: Pick<Board, 'id' | 'owner_id'>, userId: string | null): Promise<BoardRole> {
  if (userId === null || board.owner_id === userId) return roleOf(board, userId, undefined);
  return roleOf(board, userId, await findCollaborator(db, board.id, userId));
}

export type BoardGrant = { board: Board; role: BoardRole; access: BoardAccess };

/**
 * The check every board write starts with: not found unless visible, forbidden unless the role
 * allows `need`. A token without the secret write scope may read a secret board but not change it.
 */
export async function requireBoardAccess(db: Db, writer: Writer, boardId: string, need: keyof BoardAccess): Promise<BoardGrant> {
  const board = await findVisibleBoard(db, writer, boardId);
  const role = await roleOnBoard(db, board, writer.userId);
  const access = accessOfRole(role);
  if (!access[need]) throw new AppError('forbidden');
  requireSecretWrite(writer, board.privacy);
  return { board, role, access };
}

/** A secret board is changed, made or a board turned secret only with the secret write scope (a browser session has it). */
export function requireSecretWrite(writer: Writer, privacy: BoardPrivacy | undefined): void {
  if (privacy === 'secret' && !writer.writesSecret) throw new AppError('forbidden', 'This needs the secret write scope.');
}

/** Archived boards keep their pins but take no new ones until unarchived. */
export function requireNotArchived(board: Pick<Board, 'archived_at'>): void {
  if (board.archived_at !== null) throw new AppError('conflict', 'This board is archived. Unarchive it to add Pins.');
}
