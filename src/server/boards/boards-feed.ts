import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Actor } from '../access/actor.ts';
import type { Board, BoardPrivacy } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import { requireNotBlocked } from '../access/block.policy.ts';
import { readerOf, writerOf, type Writer } from '../access/authorized.ts';
import { findUserByUsername } from '../users/users.repo.ts';
import { decodeBookmark, pageOf, type Cursor } from '../common/bookmark.ts';
import { visibleBoards } from '../access/visibility.repo.ts';
import { afterCursor } from '../db/keyset.ts';

export const BOARDS_FEED_PAGE_SIZE = 25;
export const BOARD_PICKER_PAGE_SIZE = 50;
/** The boards saved to most recently head the picker. */
export const BOARD_PICKER_RECENT = 5;

export type BoardSort = 'last_saved' | 'newest' | 'oldest' | 'alphabetical';

// The sort key is read back from the database with each row, so the cursor compares exactly as
// the database sorts (SQLite's lower() folds ASCII only, JavaScript's folds everything).
type SortSpec = { key: RawBuilder<number | string>; direction: 'asc' | 'desc'; kind: 'number' | 'string' };

const byName = sql<string>`lower(boards.name)`;

const SORTS: Record<BoardSort, SortSpec> = {
  last_saved: { key: sql<number>`coalesce(boards.pins_modified_at, boards.created_at)`, direction: 'desc', kind: 'number' },
  newest: { key: sql<number>`boards.created_at`, direction: 'desc', kind: 'number' },
  oldest: { key: sql<number>`boards.created_at`, direction: 'asc', kind: 'number' },
  alphabetical: { key: byName, direction: 'asc', kind: 'string' },
};

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
 * BoardsFeedResource: a profile's boards (owned, and those they collaborate on) that the reader
 * may see, archived ones apart. A profile behind a block is not found.
 */
export async function userBoards(deps: Deps, actor: Actor, query: UserBoardsQuery): Promise<{ boards: Board[]; bookmark: string }> {
  const reader = readerOf(actor);
  const user = await findUserByUsername(deps.db, query.username.toLowerCase());
  if (!user) throw new AppError('not_found');
  await requireNotBlocked(deps.db, reader, user.id);
  const sort = SORTS[query.sort];
  const cursor = decodeBookmark(query.bookmark, sort.kind);
  if (cursor === 'end') return { boards: [], bookmark: FEED_END };
  let rows = deps.db
    .selectFrom('boards')
    .selectAll()
    .select(sort.key.as('sort_key'))
    .where(boardsOfMember(user.id))
    .where(visibleBoards(reader))
    .where('boards.archived_at', query.archived ? 'is not' : 'is', null);
  if (query.privacy) rows = rows.where('boards.privacy', '=', query.privacy);
  if (cursor) rows = rows.where(afterCursor(sort.key, sql.ref('boards.id'), cursor, sort.direction));
  const size = query.pageSize ?? BOARDS_FEED_PAGE_SIZE;
  const found = await rows
    .orderBy(sort.key, sort.direction)
    .orderBy('boards.id', sort.direction)
    .limit(size + 1)
    .execute();
  const page = pageOf(found, size, (b) => ({ key: b.sort_key, id: b.id }));
  return { boards: page.items.map(({ sort_key: _key, ...board }) => board), bookmark: page.bookmark };
}

/** The boards a member owns or collaborates on (accepted), whoever reads. Needs `boards` in scope. */
export function boardsOfMember(userId: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(boards.owner_id = ${userId} or exists (
    select 1 from board_collaborators bcu where bcu.board_id = boards.id and bcu.user_id = ${userId} and bcu.status = 'accepted'))`;
}

/** Boards the writer may save to: their own and accepted collaborations, not archived. Needs `boards` in scope. */
export function writableBoards(writer: Writer): RawBuilder<SqlBool> {
  const me = writer.userId;
  const secret = writer.writesSecret ? sql<SqlBool>`1 = 1` : sql<SqlBool>`boards.privacy = 'public'`;
  return sql<SqlBool>`((boards.owner_id = ${me} or exists (
    select 1 from board_collaborators bcw where bcw.board_id = boards.id and bcw.user_id = ${me} and bcw.status = 'accepted'))
    and boards.archived_at is null and ${secret})`;
}

/** `%text%` for LIKE with the text's own % and _ taken literally. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * BoardPickerBoardsResource: the boards the caller can save to, the few saved to most recently
 * first, then the rest by name; a query keeps those whose name contains it.
 */
export async function boardPicker(deps: Deps, actor: Actor, query: { query?: string | undefined; bookmark?: string | undefined }) {
  const writer = writerOf(actor, 'pins:write');
  const cursor = decodeBookmark(query.bookmark, 'string');
  if (cursor === 'end') return { recent: [], boards: [], bookmark: FEED_END };
  const matches = query.query ? sql<SqlBool>`lower(boards.name) like ${containing(query.query)} escape '\\'` : sql<SqlBool>`1 = 1`;
  const recent = cursor ? [] : await recentBoards(deps, writer, matches);
  const recentIds = recent.map((b) => b.id);
  let rows = deps.db.selectFrom('boards').selectAll().select(byName.as('sort_key')).where(writableBoards(writer)).where(matches);
  if (recentIds.length > 0) rows = rows.where('boards.id', 'not in', recentIds);
  if (cursor) rows = rows.where(afterCursor(byName, sql.ref('boards.id'), cursor, 'asc'));
  const found = await rows
    .orderBy(byName)
    .orderBy('boards.id')
    .limit(BOARD_PICKER_PAGE_SIZE + 1)
    .execute();
  const page = pageOf(found, BOARD_PICKER_PAGE_SIZE, (b): Cursor => ({ key: b.sort_key, id: b.id }));
  return { recent, boards: page.items.map(({ sort_key: _key, ...board }): Board => board), bookmark: page.bookmark };
}

async function recentBoards(deps: Deps, writer: Writer, matches: RawBuilder<SqlBool>): Promise<Board[]> {
  const last = deps.db
    .selectFrom('board_pins')
    .select(['board_id', (eb) => eb.fn.max('created_at').as('saved_at')])
    .where('saved_by', '=', writer.userId)
    .groupBy('board_id')
    .as('last');
  return deps.db
    .selectFrom(last)
    .innerJoin('boards', 'boards.id', 'last.board_id')
    .selectAll('boards')
    .where(writableBoards(writer))
    .where(matches)
    .orderBy('last.saved_at', 'desc')
    .orderBy('boards.id', 'desc')
    .limit(BOARD_PICKER_RECENT)
    .execute();
}
