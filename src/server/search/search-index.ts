import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { SearchPinsTable } from '../db/schema/search.ts';
import { boardDocument, pinDocument, termDeltas, userDocument } from './documents.ts';
import { adjustTerms } from './vocabulary.ts';
import { isPostgres } from './dialect.ts';
import { languageOfLocale } from './stemming.ts';
import { storyWordsOf } from '../pins/story-search.ts';

/**
 * Keeping the index in step with the content. Services call these inside the transaction of the
 * change (docs/decisions/0018-search.md lists where), so a committed change is searchable and a
 * rolled-back one never was. Each call rereads what it needs: repeating one is harmless.
 */

/** Public places shown per pin: a pin saved to thousands of boards needs no more to be found. */
const PLACES_MAX = 50;
const BATCH = 200;

/** Rebuilds the documents of these pins (a deleted pin's document goes). */
export async function indexPins(db: Db, pinIds: readonly string[]): Promise<void> {
  const ids = [...new Set(pinIds)].sort();
  for (let i = 0; i < ids.length; i += BATCH) await indexBatch(db, ids.slice(i, i + BATCH));
}

export async function indexPin(db: Db, pinId: string): Promise<void> {
  await indexPins(db, [pinId]);
}

async function indexBatch(db: Db, ids: string[]): Promise<void> {
  // A concurrent reindex of these pins (a board turning secret) waits for this one or this one
  // for it, and whichever goes second reads what the first committed.
  if (isPostgres(db)) await sql`select pin_id from search_pins where pin_id in (${sql.join(ids)}) order by pin_id for update`.execute(db);
  const [pins, places, sources, stories, before] = await Promise.all([
    db
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
      .where('pins.id', 'in', ids)
      .execute(),
    publicPlaces(db, ids),
    db.selectFrom('pin_sources').select(['pin_id', 'rich_metadata']).where('pin_id', 'in', ids).execute(),
    storyWordsOf(db, ids),
    db.selectFrom('search_pins').select(['pin_id', 'terms', 'is_public']).where('pin_id', 'in', ids).execute(),
  ]);
  const now = Date.now();
  const rich = new Map(sources.map((s) => [s.pin_id, s.rich_metadata]));
  const docs = pins.flatMap(
    ({ locale, ...pin }) =>
      pinDocument(
        {
          pin,
          publicPlaces: places.get(pin.id) ?? [],
          richMetadata: rich.get(pin.id) ?? null,
          storyWords: stories.get(pin.id),
          language: languageOfLocale(locale),
        },
        now,
      ) ?? [],
  );
  const after = new Map(docs.map((d) => [d.pin_id, d]));
  const gone = before.filter((b) => !after.has(b.pin_id)).map((b) => b.pin_id);
  const old = new Map(before.map((b) => [b.pin_id, b]));
  const deltas = termDeltas([...new Set([...old.keys(), ...after.keys()])].map((id) => ({ before: old.get(id) ?? null, after: after.get(id) ?? null })));
  if (gone.length > 0) await db.deleteFrom('search_pins').where('pin_id', 'in', gone).execute();
  if (docs.length > 0) await upsertDocuments(db, docs);
  await adjustTerms(db, deltas);
}

async function upsertDocuments(db: Db, docs: SearchPinsTable[]): Promise<void> {
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

/** The names of the public boards holding each pin and of their sections it is in, first saves first. */
async function publicPlaces(db: Db, ids: string[]): Promise<Map<string, string[]>> {
  const ranked = db
    .selectFrom('board_pins as bp')
    .innerJoin('boards as b', 'b.id', 'bp.board_id')
    .leftJoin('board_sections as s', 's.id', 'bp.section_id')
    .select(['bp.pin_id', 'b.name', 's.title', sql<number>`row_number() over (partition by bp.pin_id order by bp.created_at, bp.id)`.as('rank')])
    .where('bp.pin_id', 'in', ids)
    .where('b.privacy', '=', 'public')
    .as('ranked');
  const rows = await db.selectFrom(ranked).select(['ranked.pin_id', 'ranked.name', 'ranked.title']).where('ranked.rank', '<=', PLACES_MAX).execute();
  const places = new Map<string, string[]>();
  for (const row of rows) places.set(row.pin_id, [...(places.get(row.pin_id) ?? []), row.name, ...(row.title ? [row.title] : [])]);
  return places;
}

/** A board's document: its name and description (who may find it is decided when searching). */
export async function indexBoard(db: Db, boardId: string): Promise<void> {
  const board = await db.selectFrom('boards').select(['id', 'name', 'description']).where('id', '=', boardId).executeTakeFirst();
  if (!board) {
    await db.deleteFrom('search_boards').where('board_id', '=', boardId).execute();
    return;
  }
  const doc = boardDocument(board);
  await db
    .insertInto('search_boards')
    .values(doc)
    .onConflict((oc) => oc.column('board_id').doUpdateSet({ name: doc.name, description: doc.description }))
    .execute();
}

/** A member's document: username and full name. */
export async function indexUser(db: Db, userId: string): Promise<void> {
  const user = await db.selectFrom('users').select(['id', 'username', 'first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
  if (!user) {
    await db.deleteFrom('search_users').where('user_id', '=', userId).execute();
    return;
  }
  const doc = userDocument(user);
  await db
    .insertInto('search_users')
    .values(doc)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ username: doc.username, full_name: doc.full_name }))
    .execute();
}
