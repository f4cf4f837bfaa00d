import type { Actor } from '../access/actor.ts';
import type { Board, Pin, PinKind } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import type { PinJson } from '../../shared/contracts/pins.ts';
import { presentPins, type PinItem } from '../pins/pins.present.ts';
import { readerOf, type Reader } from '../access/authorized.ts';
import { findVisibleBoard } from '../access/board.policy.ts';
import { decodeBookmark, pageOf } from '../common/bookmark.ts';
import { locateBoard, type BoardLocator } from '../boards/board-reads.service.ts';
import { isSectionOfBoard } from '../boards/sections.repo.ts';
import { findSectionBySlug } from '../boards/sections.service.ts';
import { boardPinsAfter } from './board-feed.repo.ts';

/** The board feed's page size (the spec's board grid). */
export const BOARD_FEED_PAGE_SIZE = 25;

export type BoardFeedQuery = {
  boardId: string;
  /** One section's pins; null for the pins in no section; absent for the whole board. */
  sectionId?: string | null | undefined;
  bookmark?: string | undefined;
  /** Only pins of these kinds (the public API's creative types). */
  kinds?: readonly [PinKind, ...PinKind[]] | undefined;
  /** The public API's page_size; the board grid's own size otherwise. */
  pageSize?: number | undefined;
};

/**
 * A board's pins, newest save first, paged by (saved time, save id). Only a board the reader may
 * see; deleted pins, hidden pins and pins of blocked creators are left out.
 */
export async function boardFeed(deps: Deps, actor: Actor, query: BoardFeedQuery): Promise<{ board: Board; items: PinItem[]; bookmark: string }> {
  const reader = readerOf(actor);
  return pinsOfBoard(deps, reader, await findVisibleBoard(deps.db, reader, query.boardId), query);
}

export type BoardFeedRequest = BoardLocator & { section_id?: string | null | undefined; section_slug?: string | undefined; bookmark?: string | undefined };

/**
 * BoardFeedResource: the same for a board named by id or by its URL, and a section named by id or
 * by its URL's slug (section_id null: the pins in no section); the pins as the reader sees them.
 */
export async function boardFeedPins(deps: Deps, actor: Actor, request: BoardFeedRequest): Promise<{ pins: PinJson[]; bookmark: string }> {
  const reader = readerOf(actor);
  const board = await locateBoard(deps.db, reader, request);
  const sectionId = request.section_slug === undefined ? request.section_id : (await findSectionBySlug(deps, actor, board.id, request.section_slug)).id;
  const { items, bookmark } = await pinsOfBoard(deps, reader, board, { sectionId, bookmark: request.bookmark });
  return { pins: await presentPins(deps, reader, items), bookmark };
}

async function pinsOfBoard(
  deps: Deps,
  reader: Reader,
  board: Board,
  query: Omit<BoardFeedQuery, 'boardId'>,
): Promise<{ board: Board; items: PinItem[]; bookmark: string }> {
  const cursor = decodeBookmark(query.bookmark);
  if (cursor === 'end') return { board, items: [], bookmark: FEED_END };
  if (query.sectionId && !(await isSectionOfBoard(deps.db, query.sectionId, board.id))) throw new AppError('not_found');
  const size = query.pageSize ?? BOARD_FEED_PAGE_SIZE;
  const found = await boardPinsAfter(deps.db, reader, board.id, { sectionId: query.sectionId, kinds: query.kinds, cursor, size });
  const page = pageOf(found, size, (r) => ({ key: r.saved_at, id: r.save_id }));
  return {
    board,
    items: page.items.map(({ save_id, save_section_id, saved_at: _savedAt, ...pin }) => ({
      pin: pin satisfies Pin,
      save: { id: save_id, board_id: board.id, section_id: save_section_id },
    })),
    bookmark: page.bookmark,
  };
}
