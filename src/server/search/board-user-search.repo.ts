import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database.ts';
import type { Reader } from '../access/authorized.ts';
import { boardsOfMember } from '../boards/board-lists.repo.ts';
import { notBlocked, visibleBoards } from '../access/visibility.repo.ts';
import { matchSource } from './text-match.repo.ts';
import type { TextQuery } from './text-match.ts';

/**
 * The boards and people whose documents match a query, among the newest `window` matches, with
 * what their scoring reads. Who may find which is decided here, by the board policy (secret boards
 * for their members only, no blocked owners) and the block policy.
 */

export type BoardMatchRow = { id: string; name: string; description: string; follower_count: number; pin_count: number };

/** `memberId`: only the boards that member owns or collaborates on. */
export async function matchingBoards(
  db: Db,
  dialect: Dialect,
  reader: Reader,
  query: TextQuery,
  options: { window: number; memberId: string | null },
): Promise<BoardMatchRow[]> {
  let matching = db
    .selectFrom(matchSource(dialect, 'boards', query, { window: options.window }).as('m'))
    .innerJoin('search_boards as sb', 'sb.board_id', 'm.doc_id')
    .innerJoin('boards', 'boards.id', 'm.doc_id')
    .select(['boards.id', 'sb.name', 'sb.description', 'boards.follower_count', 'boards.pin_count'])
    .where(visibleBoards(reader))
    .where('boards.archived_at', 'is', null);
  if (options.memberId !== null) matching = matching.where(boardsOfMember(options.memberId));
  return matching.execute();
}

export type UserMatchRow = { id: string; username: string; full_name: string; follower_count: number | null };

export async function matchingUsers(db: Db, dialect: Dialect, reader: Reader, query: TextQuery, window: number): Promise<UserMatchRow[]> {
  return db
    .selectFrom(matchSource(dialect, 'users', query, { window }).as('m'))
    .innerJoin('search_users as su', 'su.user_id', 'm.doc_id')
    .innerJoin('users', 'users.id', 'm.doc_id')
    .leftJoin('user_profiles as up', 'up.user_id', 'users.id')
    .select(['users.id', 'su.username', 'su.full_name', 'up.follower_count'])
    .where(notBlocked(reader, sql.ref('users.id')))
    .execute();
}
