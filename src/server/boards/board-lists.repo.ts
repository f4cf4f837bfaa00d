import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Cursor } from '../common/bookmark.ts';
import type { Db } from '../db/database.ts';
import { afterCursor } from '../db/keyset.ts';
import type { Board, BoardPrivacy } from '../db/schema/boards-and-pins.ts';
import type { Reader, Writer } from '../access/authorized.ts';
import { visibleBoards } from '../access/visibility.repo.ts';
import type { BoardSort } from '../../shared/profile-view.ts';

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

/** What a sort's cursor holds: a number (a time) or a string (a folded name). */
export function sortKeyKind(sort: BoardSort): 'number' | 'string' {
  return SORTS[sort].kind;
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

export type MemberBoardsQuery = { sort: BoardSort; archived: boolean; privacy?: BoardPrivacy | undefined; cursor: Cursor | null; size: number };

/** `size + 1` of a member's boards the reader may see, in the sort's order after the cursor. */
export async function memberBoardsAfter(db: Db, reader: Reader, memberId: string, q: MemberBoardsQuery): Promise<(Board & { sort_key: number | string })[]> {
  const sort = SORTS[q.sort];
  let rows = db
    .selectFrom('boards')
    .selectAll()
    .select(sort.key.as('sort_key'))
    .where(boardsOfMember(memberId))
    .where(visibleBoards(reader))
    .where('boards.archived_at', q.archived ? 'is not' : 'is', null);
  if (q.privacy) rows = rows.where('boards.privacy', '=', q.privacy);
  if (q.cursor) rows = rows.where(afterCursor(sort.key, sql.ref('boards.id'), q.cursor, sort.direction));
  return rows
    .orderBy(sort.key, sort.direction)
    .orderBy('boards.id', sort.direction)
    .limit(q.size + 1)
    .execute();
}

/** `%text%` for LIKE with the text's own % and _ taken literally. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function nameMatches(query: string | undefined): RawBuilder<SqlBool> {
  return query ? sql<SqlBool>`lower(boards.name) like ${containing(query)} escape '\\'` : sql<SqlBool>`1 = 1`;
}

/** `size + 1` boards the writer may save to, by name after the cursor, but for `except`; a query keeps names containing it. */
export async function writableBoardsAfter(
  db: Db,
  writer: Writer,
  q: { query?: string | undefined; except: readonly string[]; cursor: Cursor | null; size: number },
): Promise<(Board & { sort_key: string })[]> {
  let rows = db.selectFrom('boards').selectAll().select(byName.as('sort_key')).where(writableBoards(writer)).where(nameMatches(q.query));
  if (q.except.length > 0) rows = rows.where('boards.id', 'not in', [...q.except]);
  if (q.cursor) rows = rows.where(afterCursor(byName, sql.ref('boards.id'), q.cursor, 'asc'));
  return rows
    .orderBy(byName)
    .orderBy('boards.id')
    .limit(q.size + 1)
    .execute();
}

/** The writable boards the writer saved to most recently, newest first; a query keeps names containing it. */
export async function recentlySavedBoards(db: Db, writer: Writer, query: string | undefined, limit: number): Promise<Board[]> {
  const last = db
    .selectFrom('board_pins')
    .select(['board_id', (eb) => eb.fn.max('created_at').as('saved_at')])
    .where('saved_by', '=', writer.userId)
    .groupBy('board_id')
    .as('last');
  return db
    .selectFrom(last)
    .innerJoin('boards', 'boards.id', 'last.board_id')
    .selectAll('boards')
    .where(writableBoards(writer))
    .where(nameMatches(query))
    .orderBy('last.saved_at', 'desc')
    .orderBy('boards.id', 'desc')
    .limit(limit)
    .execute();
}
