import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { SearchBoardsTable, SearchPinsTable, SearchUsersTable } from '../db/schema/search.ts';
import { profileNotPrivate } from '../access/visibility.repo.ts';
import { isPostgres } from './dialect.ts';

/** The search documents of pins, boards and members as written (search-index.ts keeps them in step). */

/**
 * On PostgreSQL, locks these pins' documents: a concurrent reindex of them (a board turning
 * secret) waits for this one or this one for it, and whichever goes second reads what the first
 * committed. SQLite has one writer anyway.
 */
export async function lockPinDocuments(db: Db, ids: readonly string[]): Promise<void> {
  if (isPostgres(db) && ids.length > 0) await sql`select pin_id from search_pins where pin_id in (${sql.join(ids)}) order by pin_id for update`.execute(db);
}

/** What a pin's document is made of, from the pin and its creator. */
export async function pinsToIndex(db: Db, ids: readonly string[]) {
  return db
    .selectFrom('pins')
    .innerJoin('users', 'users.id', 'pins.creator_id')
    .select([
      'pins.id',
      'pins.title',
      'pins.description',
      'pins.domain',
      'pins.kind',
      'pins.is_unsafe',
      'pins.deleted_at',
      'pins.save_count',
      'pins.created_at',
      'users.locale',
    ])
    .where('pins.id', 'in', [...ids])
    .execute();
}

/** Each pin's source page metadata (JSON), for the pins that have one. */
export async function richMetadataOf(db: Db, ids: readonly string[]): Promise<Map<string, string | null>> {
  const rows = await db
    .selectFrom('pin_sources')
    .select(['pin_id', 'rich_metadata'])
    .where('pin_id', 'in', [...ids])
    .execute();
  return new Map(rows.map((s) => [s.pin_id, s.rich_metadata]));
}

/** These pins' documents as they stand: their words and whether listed (the vocabulary's counts follow the change). */
export async function pinDocumentTerms(db: Db, ids: readonly string[]): Promise<Pick<SearchPinsTable, 'pin_id' | 'terms' | 'is_public'>[]> {
  return db
    .selectFrom('search_pins')
    .select(['pin_id', 'terms', 'is_public'])
    .where('pin_id', 'in', [...ids])
    .execute();
}

export async function deletePinDocuments(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length > 0)
    await db
      .deleteFrom('search_pins')
      .where('pin_id', 'in', [...ids])
      .execute();
}

export async function upsertPinDocuments(db: Db, docs: SearchPinsTable[]): Promise<void> {
  if (docs.length === 0) return;
  await db
    .insertInto('search_pins')
    .values(docs)
    .onConflict((oc) =>
      oc.column('pin_id').doUpdateSet((eb) => ({
        title: eb.ref('excluded.title'),
        description: eb.ref('excluded.description'),
        boards: eb.ref('excluded.boards'),
        product: eb.ref('excluded.product'),
        domain: eb.ref('excluded.domain'),
        terms: eb.ref('excluded.terms'),
        is_public: eb.ref('excluded.is_public'),
        is_video: eb.ref('excluded.is_video'),
        is_product: eb.ref('excluded.is_product'),
        price: eb.ref('excluded.price'),
        in_stock: eb.ref('excluded.in_stock'),
        save_count: eb.ref('excluded.save_count'),
        created_at: eb.ref('excluded.created_at'),
        indexed_at: eb.ref('excluded.indexed_at'),
      })),
    )
    .execute();
}

/**
 * The names of the public boards holding each pin and of their sections it is in, first saves
 * first. A private profile's boards are not public places, and a private member's pins have none.
 */
export async function publicPlaces(db: Db, ids: readonly string[], max: number): Promise<Map<string, string[]>> {
  const ranked = db
    .selectFrom('board_pins as bp')
    .innerJoin('boards as b', 'b.id', 'bp.board_id')
    .leftJoin('board_sections as s', 's.id', 'bp.section_id')
    .select(['bp.pin_id', 'b.name', 's.title', sql<number>`row_number() over (partition by bp.pin_id order by bp.created_at, bp.id)`.as('rank')])
    .innerJoin('pins as p', 'p.id', 'bp.pin_id')
    .where('bp.pin_id', 'in', [...ids])
    .where('b.privacy', '=', 'public')
    .where(profileNotPrivate(sql.ref('b.owner_id')))
    .where(profileNotPrivate(sql.ref('p.creator_id')))
    .as('ranked');
  const rows = await db.selectFrom(ranked).select(['ranked.pin_id', 'ranked.name', 'ranked.title']).where('ranked.rank', '<=', max).execute();
  const places = new Map<string, string[]>();
  for (const row of rows) places.set(row.pin_id, [...(places.get(row.pin_id) ?? []), row.name, ...(row.title ? [row.title] : [])]);
  return places;
}

export async function boardToIndex(db: Db, boardId: string): Promise<{ id: string; name: string; description: string } | undefined> {
  return db.selectFrom('boards').select(['id', 'name', 'description']).where('id', '=', boardId).executeTakeFirst();
}

export async function deleteBoardDocument(db: Db, boardId: string): Promise<void> {
  await db.deleteFrom('search_boards').where('board_id', '=', boardId).execute();
}

export async function upsertBoardDocument(db: Db, doc: SearchBoardsTable): Promise<void> {
  await db
    .insertInto('search_boards')
    .values(doc)
    .onConflict((oc) => oc.column('board_id').doUpdateSet({ name: doc.name, description: doc.description }))
    .execute();
}

export async function userToIndex(db: Db, userId: string): Promise<{ id: string; username: string; first_name: string; last_name: string } | undefined> {
  return db.selectFrom('users').select(['id', 'username', 'first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
}

export async function deleteUserDocument(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('search_users').where('user_id', '=', userId).execute();
}

export async function upsertUserDocument(db: Db, doc: SearchUsersTable): Promise<void> {
  await db
    .insertInto('search_users')
    .values(doc)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ username: doc.username, full_name: doc.full_name }))
    .execute();
}

/** The pins a member's profile privacy decides about: those they created and those on their boards. */
export async function pinIdsOfMember(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('pins')
    .select('pins.id')
    .where('pins.creator_id', '=', userId)
    .union(
      db
        .selectFrom('board_pins')
        .innerJoin('boards', 'boards.id', 'board_pins.board_id')
        .select('board_pins.pin_id as id')
        .where('boards.owner_id', '=', userId),
    )
    .execute();
  return rows.map((r) => r.id);
}
