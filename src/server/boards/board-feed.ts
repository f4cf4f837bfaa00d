import { sql } from 'kysely';
import type { Actor } from '../access/actor.ts';
import type { Board, Pin, PinKind } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import type { PinItem } from '../pins/pins.present.ts';
import { readerOf } from '../access/authorized.ts';
import { findVisibleBoard } from '../access/board.policy.ts';
import { decodeBookmark, pageOf } from '../common/bookmark.ts';
import { listablePins } from '../access/visibility.repo.ts';
import { afterCursor } from '../db/keyset.ts';

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
 * BoardFeedResource: a board's pins, newest save first, paged by (saved time, save id). Only a
 * board the reader may see; deleted pins, hidden pins and pins of blocked creators are left out.
 */
export async function boardFeed(deps: Deps, actor: Actor, query: BoardFeedQuery): Promise<{ board: Board; items: PinItem[]; bookmark: string }> {
  return boardFeedOf(deps, actor, await findVisibleBoard(deps.db, readerOf(actor), query.boardId), query);
}

/** The same for a board the caller has just read with findVisibleBoard (a board page reads it by its path). */
export async function boardFeedOf(
  deps: Deps,
  actor: Actor,
  board: Board,
  query: Omit<BoardFeedQuery, 'boardId'>,
): Promise<{ board: Board; items: PinItem[]; bookmark: string }> {
  const reader = readerOf(actor);
  const cursor = decodeBookmark(query.bookmark);
  if (cursor === 'end') return { board, items: [], bookmark: FEED_END };
  if (query.sectionId) {
    const section = await deps.db
      .selectFrom('board_sections')
      .select('id')
      .where('id', '=', query.sectionId)
      .where('board_id', '=', board.id)
      .executeTakeFirst();
    if (!section) throw new AppError('not_found');
  }
  let rows = deps.db
    .selectFrom('board_pins as bp')
    .innerJoin('pins', 'pins.id', 'bp.pin_id')
    .selectAll('pins')
    .select(['bp.id as save_id', 'bp.section_id as save_section_id', 'bp.created_at as saved_at'])
    .where('bp.board_id', '=', board.id)
    .where(listablePins(reader));
  if (query.sectionId) rows = rows.where('bp.section_id', '=', query.sectionId);
  if (query.sectionId === null) rows = rows.where('bp.section_id', 'is', null);
  if (query.kinds) rows = rows.where('pins.kind', 'in', [...query.kinds]);
  if (cursor) rows = rows.where(afterCursor(sql.ref('bp.created_at'), sql.ref('bp.id'), cursor, 'desc'));
  const size = query.pageSize ?? BOARD_FEED_PAGE_SIZE;
  const found = await rows
    .orderBy('bp.created_at', 'desc')
    .orderBy('bp.id', 'desc')
    .limit(size + 1)
    .execute();
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
