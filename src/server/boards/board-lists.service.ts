import type { Actor } from '../access/actor.ts';
import type { Board, BoardPrivacy } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import type { BoardSort } from '../../shared/profile-view.ts';
import type { BoardJson, PickerBoardJson } from '../../shared/contracts/boards.ts';
import { requireNotBlocked } from '../access/block.policy.ts';
import { readerOf, writerOf, type Reader } from '../access/authorized.ts';
import { findUserByUsername } from '../users/users.repo.ts';
import { decodeBookmark, pageOf } from '../common/bookmark.ts';
import { memberBoardsAfter, recentlySavedBoards, sortKeyKind, writableBoardsAfter } from './board-lists.repo.ts';
import { boardsHoldingPin } from './board-saves.repo.ts';
import { presentBoards } from './boards.present.ts';

export const BOARDS_FEED_PAGE_SIZE = 25;
export const BOARD_PICKER_PAGE_SIZE = 50;
/** The boards saved to most recently head the picker. */
export const BOARD_PICKER_RECENT = 5;

export type UserBoardsQuery = {
  username: string;
  sort: BoardSort;
  archived: boolean;
  bookmark?: string | undefined;
  /** Only boards of this privacy (the public API's filter). */
  privacy?: BoardPrivacy | undefined;
  /** The public API's page_size; the profile grid's own size otherwise. */
  pageSize?: number | undefined;
};

/**
 * A profile's boards (owned, and those they collaborate on) that the reader may see, archived
 * ones apart. A profile behind a block is not found.
 */
export async function userBoards(deps: Deps, actor: Actor, query: UserBoardsQuery): Promise<{ boards: Board[]; bookmark: string }> {
  return memberBoards(deps, readerOf(actor), query);
}

/** BoardsFeedResource: the same boards as the reader sees them, 25 a page. */
export async function boardsFeed(deps: Deps, actor: Actor, query: UserBoardsQuery): Promise<{ boards: BoardJson[]; bookmark: string }> {
  const reader = readerOf(actor);
  const { boards, bookmark } = await memberBoards(deps, reader, query);
  return { boards: await presentBoards(deps, reader, boards), bookmark };
}

async function memberBoards(deps: Deps, reader: Reader, query: UserBoardsQuery): Promise<{ boards: Board[]; bookmark: string }> {
  const user = await findUserByUsername(deps.db, query.username.toLowerCase());
  if (!user) throw new AppError('not_found');
  await requireNotBlocked(deps.db, reader, user.id);
  const cursor = decodeBookmark(query.bookmark, sortKeyKind(query.sort));
  if (cursor === 'end') return { boards: [], bookmark: FEED_END };
  const size = query.pageSize ?? BOARDS_FEED_PAGE_SIZE;
  const found = await memberBoardsAfter(deps.db, reader, user.id, { sort: query.sort, archived: query.archived, privacy: query.privacy, cursor, size });
  const page = pageOf(found, size, (b) => ({ key: b.sort_key, id: b.id }));
  return { boards: page.items.map(({ sort_key: _key, ...board }) => board), bookmark: page.bookmark };
}

export type PickerQuery = { query?: string | undefined; pinId?: string | undefined; bookmark?: string | undefined };

/**
 * BoardPickerBoardsResource: the boards the caller can save to, the few saved to most recently
 * first (picker_section 'recent'), then the rest by name ('all'); a query keeps those whose name
 * contains it. With a pin, `saved_here` marks the boards that already hold it.
 */
export async function boardPicker(deps: Deps, actor: Actor, query: PickerQuery): Promise<{ boards: PickerBoardJson[]; bookmark: string }> {
  const writer = writerOf(actor, 'pins:write');
  const cursor = decodeBookmark(query.bookmark, 'string');
  if (cursor === 'end') return { boards: [], bookmark: FEED_END };
  const text = query.query?.trim();
  const recent = cursor ? [] : await recentlySavedBoards(deps.db, writer, text, BOARD_PICKER_RECENT);
  const found = await writableBoardsAfter(deps.db, writer, { query: text, except: recent.map((b) => b.id), cursor, size: BOARD_PICKER_PAGE_SIZE });
  const page = pageOf(found, BOARD_PICKER_PAGE_SIZE, (b) => ({ key: b.sort_key, id: b.id }));
  const all = [...recent, ...page.items.map(({ sort_key: _key, ...board }): Board => board)];
  const [json, holding] = await Promise.all([
    presentBoards(deps, writer, all),
    query.pinId
      ? boardsHoldingPin(
          deps.db,
          all.map((b) => b.id),
          query.pinId,
        )
      : new Set<string>(),
  ]);
  const boards = json.map((b, i) => ({ ...b, picker_section: i < recent.length ? ('recent' as const) : ('all' as const), saved_here: holding.has(b.id) }));
  return { boards, bookmark: page.bookmark };
}
