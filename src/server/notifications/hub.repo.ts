import { sql } from 'kysely';
import type { Reader } from '../access/authorized.ts';
import { notBlocked, visibleBoards, visiblePins } from '../access/visibility.repo.ts';
import type { Db } from '../db/database.ts';

/**
 * What a page of the news hub shows, read as the member sees it now: a pin or board that became
 * hidden from them since, or a person blocked since, is left out of the page.
 */

export async function visiblePinTitles(db: Db, reader: Reader, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('pins').select(['pins.id', 'pins.title']).where('pins.id', 'in', ids).where(visiblePins(reader)).execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}

export async function visibleBoardLinks(db: Db, reader: Reader, ids: readonly string[]): Promise<Map<string, { name: string; url: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('boards')
    .innerJoin('users', 'users.id', 'boards.owner_id')
    .select(['boards.id', 'boards.name', 'boards.slug', 'users.username'])
    .where('boards.id', 'in', ids)
    .where(visibleBoards(reader))
    .execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, url: `/${r.username}/${r.slug}/` }]));
}

/** Invited to a secret board they cannot see yet: its name and link, for the invitee only. */
export async function boardsInvitedTo(db: Db, userId: string, ids: readonly string[]): Promise<Map<string, { name: string; url: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('boards')
    .innerJoin('users', 'users.id', 'boards.owner_id')
    .select(['boards.id', 'boards.name', 'boards.slug', 'users.username'])
    .where('boards.id', 'in', ids)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('board_collaborators')
            .select('user_id')
            .whereRef('board_id', '=', 'boards.id')
            .where('user_id', '=', userId)
            .where('status', '=', 'invited'),
        ),
        eb('boards.pending_owner_id', '=', userId),
      ]),
    )
    .execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, url: `/${r.username}/${r.slug}/` }]));
}

/** Of `ids`, the people with no block either way between them and the reader. */
export async function unblockedPeople(db: Db, reader: Reader, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.id', 'in', ids)
    .where(notBlocked(reader, sql.ref('users.id')))
    .execute();
  return new Set(rows.map((r) => r.id));
}
