import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Reader } from '../access/authorized.ts';
import { visibleBoards, visiblePins } from '../access/visibility.repo.ts';

/**
 * The public pages of each kind as the sitemaps list them, in id order, a slice at a time: what
 * visiblePins and visibleBoards let the reader see (archived boards are left off their owner's
 * profile, and here). Topics and profiles are public. A member who turned search-engine indexing
 * off or made their profile private leaves them with their profile, boards and pins.
 */

type MemberRef = 'pins.creator_id' | 'boards.owner_id' | 'users.id';

/** Whether the member in `ref` keeps their pages out of search engines (member_settings). */
function listedMember(ref: MemberRef) {
  return (eb: ExpressionBuilder<Database, 'pins' | 'boards' | 'users'>) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('member_settings as ms')
          .select('ms.user_id')
          .whereRef('ms.user_id', '=', ref)
          .where((inner) => inner.or([inner('ms.exclude_from_search', '=', 1), inner('ms.is_private_profile', '=', 1)])),
      ),
    );
}

const countOf = (row: { count: number | string }) => Number(row.count);

export async function countVisiblePins(db: Db, reader: Reader): Promise<number> {
  return countOf(
    await db
      .selectFrom('pins')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where(visiblePins(reader))
      .where(listedMember('pins.creator_id'))
      .executeTakeFirstOrThrow(),
  );
}

export async function countVisibleBoards(db: Db, reader: Reader): Promise<number> {
  return countOf(
    await db
      .selectFrom('boards')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where(visibleBoards(reader))
      .where('boards.archived_at', 'is', null)
      .where(listedMember('boards.owner_id'))
      .executeTakeFirstOrThrow(),
  );
}

export async function countMembers(db: Db): Promise<number> {
  return countOf(
    await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where(listedMember('users.id'))
      .executeTakeFirstOrThrow(),
  );
}

export async function countTopics(db: Db): Promise<number> {
  return countOf(
    await db
      .selectFrom('interests')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow(),
  );
}

export async function visiblePinsSlice(db: Db, reader: Reader, offset: number, limit: number): Promise<{ id: string; updated_at: number }[]> {
  return db
    .selectFrom('pins')
    .select(['pins.id', 'pins.updated_at'])
    .where(visiblePins(reader))
    .where(listedMember('pins.creator_id'))
    .orderBy('pins.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export type BoardPageRow = { id: string; slug: string; updated_at: number; pins_modified_at: number | null; username: string };

export async function visibleBoardsSlice(db: Db, reader: Reader, offset: number, limit: number): Promise<BoardPageRow[]> {
  return db
    .selectFrom('boards')
    .innerJoin('users', 'users.id', 'boards.owner_id')
    .select(['boards.id', 'boards.slug', 'boards.updated_at', 'boards.pins_modified_at', 'users.username'])
    .where(visibleBoards(reader))
    .where('boards.archived_at', 'is', null)
    .where(listedMember('boards.owner_id'))
    .orderBy('boards.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function topicsSlice(db: Db, offset: number, limit: number): Promise<{ id: string; slug: string; created_at: number }[]> {
  return db.selectFrom('interests').select(['id', 'slug', 'created_at']).orderBy('id').limit(limit).offset(offset).execute();
}

export async function membersSlice(db: Db, offset: number, limit: number): Promise<{ id: string; username: string; updated_at: number }[]> {
  return db.selectFrom('users').select(['id', 'username', 'updated_at']).where(listedMember('users.id')).orderBy('id').limit(limit).offset(offset).execute();
}
