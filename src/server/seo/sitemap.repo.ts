import type { Db } from '../db/database.ts';
import type { Reader } from '../access/authorized.ts';
import { visibleBoards, visiblePins } from '../access/visibility.repo.ts';

/**
 * The public pages of each kind as the sitemaps list them, in id order, a slice at a time: what
 * visiblePins and visibleBoards let the reader see (archived boards are left off their owner's
 * profile, and here). Topics and profiles are public.
 */

const countOf = (row: { count: number | string }) => Number(row.count);

export async function countVisiblePins(db: Db, reader: Reader): Promise<number> {
  return countOf(
    await db
      .selectFrom('pins')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where(visiblePins(reader))
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
      .executeTakeFirstOrThrow(),
  );
}

export async function countMembers(db: Db): Promise<number> {
  return countOf(
    await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
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
  return db.selectFrom('pins').select(['pins.id', 'pins.updated_at']).where(visiblePins(reader)).orderBy('pins.id').limit(limit).offset(offset).execute();
}

export type BoardPageRow = { id: string; slug: string; updated_at: number; pins_modified_at: number | null; username: string };

export async function visibleBoardsSlice(db: Db, reader: Reader, offset: number, limit: number): Promise<BoardPageRow[]> {
  return db
    .selectFrom('boards')
    .innerJoin('users', 'users.id', 'boards.owner_id')
    .select(['boards.id', 'boards.slug', 'boards.updated_at', 'boards.pins_modified_at', 'users.username'])
    .where(visibleBoards(reader))
    .where('boards.archived_at', 'is', null)
    .orderBy('boards.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function topicsSlice(db: Db, offset: number, limit: number): Promise<{ id: string; slug: string; created_at: number }[]> {
  return db.selectFrom('interests').select(['id', 'slug', 'created_at']).orderBy('id').limit(limit).offset(offset).execute();
}

export async function membersSlice(db: Db, offset: number, limit: number): Promise<{ id: string; username: string; updated_at: number }[]> {
  return db.selectFrom('users').select(['id', 'username', 'updated_at']).orderBy('id').limit(limit).offset(offset).execute();
}
