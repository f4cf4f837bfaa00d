import type { Actor } from '../access/actor.ts';
import type { Board } from '../db/schema/boards-and-pins.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { readerOf, type Reader } from '../access/authorized.ts';
import { findUserByUsername } from '../users/users.repo.ts';
import { findVisibleBoard } from '../access/board.policy.ts';
import type { BoardJson, SectionJson } from '../../shared/contracts/boards.ts';
import { findVisibleBoardBySlug } from './boards.repo.ts';
import { presentBoard, presentSection, presentSections } from './boards.present.ts';
import { findSectionBySlug, findVisibleSection } from './sections.service.ts';
import { sectionsOfBoard } from './sections.repo.ts';

/** A board by id, or by its URL's owner and slug: what a page knows before it has loaded the board. */
export type BoardLocator = { board_id: string } | { username: string; slug: string; board_id?: undefined };

/** BoardResource get by id: the board if the reader may see it. */
export async function getBoard(deps: Deps, actor: Actor, boardId: string): Promise<Board> {
  return findVisibleBoard(deps.db, readerOf(actor), boardId);
}

/** A board by its URL (/:username/:slug/): the same check through the owner's slug. */
async function findBoardByPath(db: Db, reader: Reader, username: string, slug: string): Promise<Board> {
  const owner = await findUserByUsername(db, username.toLowerCase());
  const board = owner ? await findVisibleBoardBySlug(db, reader, owner.id, slug.toLowerCase()) : undefined;
  if (!board) throw new AppError('not_found');
  return board;
}

/** The board a locator names, if the reader may see it. */
export async function locateBoard(db: Db, reader: Reader, at: BoardLocator): Promise<Board> {
  return at.board_id !== undefined ? findVisibleBoard(db, reader, at.board_id) : findBoardByPath(db, reader, at.username, at.slug);
}

/** BoardResource get: the board as the reader sees it. */
export async function readBoard(deps: Deps, actor: Actor, at: BoardLocator): Promise<BoardJson> {
  const reader = readerOf(actor);
  return presentBoard(deps, reader, await locateBoard(deps.db, reader, at));
}

export type SectionsQuery = { section_id: string } | (BoardLocator & { section_id?: undefined; section_slug?: string | undefined });

/**
 * BoardSectionResource get: one section by id, or by its URL's slug on a board; else the board's
 * sections, oldest first. Only on a board the reader may see.
 */
export async function readSections(deps: Deps, actor: Actor, query: SectionsQuery): Promise<SectionJson | SectionJson[]> {
  const reader = readerOf(actor);
  if (query.section_id !== undefined) return presentSection(deps, (await findVisibleSection(deps.db, reader, query.section_id)).section);
  const board = await locateBoard(deps.db, reader, query);
  if (query.section_slug !== undefined) return presentSection(deps, await findSectionBySlug(deps, actor, board.id, query.section_slug));
  return presentSections(deps, await sectionsOfBoard(deps.db, board.id));
}
