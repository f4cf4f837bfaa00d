import type { Actor } from '../access/actor.ts';
import { readerOf } from '../access/authorized.ts';
import type { Board, BoardSection } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { loadMediaViews } from '../media/media-views.ts';
import type { BoardJson } from '../../shared/contracts/boards.ts';
import { presentBoards } from './boards.present.ts';
import { newestListablePinMedia } from './boards-v5.repo.ts';
import { deleteSection, getSection, renameSection } from './sections.service.ts';

/**
 * What the public API (src/server/v5, docs/decisions/0011-public-api-v5.md) asks of boards beyond
 * the resource protocol's services: its boards show thumbnails of their newest pins, and it names
 * a section through its board's path.
 */

/** How many of a board's newest pins its `media.pin_thumbnail_urls` shows. */
export const BOARD_THUMBNAILS = 5;

/** A board as the public API shows it: our presentation, and the square thumbnails of its newest pins the caller may list. */
export type ApiBoard = { board: BoardJson; thumbnails: string[] };

/** Boards the caller may see, hydrated in a fixed number of queries. */
export async function presentBoardsForApi(deps: Deps, actor: Actor, boards: readonly Board[]): Promise<ApiBoard[]> {
  const reader = readerOf(actor);
  const ids = boards.map((b) => b.id);
  const [json, rows] = await Promise.all([presentBoards(deps, reader, boards), newestListablePinMedia(deps.db, reader, ids, BOARD_THUMBNAILS)]);
  const media = await loadMediaViews(
    deps,
    rows.map((r) => r.media_id),
  );
  const thumbnails = new Map<string, string[]>();
  for (const row of rows) {
    const url = row.media_id ? media.get(row.media_id)?.images?.['136x136']?.url : undefined;
    if (url) thumbnails.set(row.board_id, [...(thumbnails.get(row.board_id) ?? []), url]);
  }
  return json.map((board) => ({ board, thumbnails: thumbnails.get(board.id) ?? [] }));
}

/** A section named through its board's path must be that board's: another board's is not found there. */
async function requireSectionOfBoard(deps: Deps, actor: Actor, boardId: string, sectionId: string): Promise<void> {
  const section = await getSection(deps, actor, sectionId);
  if (section.board_id !== boardId) throw new AppError('not_found');
}

export async function renameSectionOfBoard(deps: Deps, actor: Actor, boardId: string, sectionId: string, title: string): Promise<BoardSection> {
  await requireSectionOfBoard(deps, actor, boardId, sectionId);
  return renameSection(deps, actor, sectionId, title);
}

export async function deleteSectionOfBoard(deps: Deps, actor: Actor, boardId: string, sectionId: string): Promise<void> {
  await requireSectionOfBoard(deps, actor, boardId, sectionId);
  await deleteSection(deps, actor, sectionId);
}
