import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, Dialect } from '../db/database.ts';
import type { Reader } from '../access/authorized.ts';
import { shownPins, visibleBoards } from '../access/visibility.repo.ts';
import { tokenize } from './search-text.ts';
import { notStale } from './stale-pins.repo.ts';
import { matchSourceOf } from './text-match.repo.ts';
import type { MatchIndex, MatchScope } from './text-match.ts';

/** The queries of pin-matches.ts: which pins a search may show, the reader's secret boards, the document filters. */

/** What narrows a pins search on its documents (`search_pins as sp`): videos, products, the product filters. */
export type DocumentFilterInput = {
  kind: 'all' | 'videos' | 'products';
  product: { price_min?: number | undefined; price_max?: number | undefined; domains?: readonly string[] | undefined; in_stock?: boolean | undefined } | null;
};

/** Conditions on the document (`sp`) for videos and products, pushed before the candidate cap. */
export function documentFilter(search: DocumentFilterInput): RawBuilder<SqlBool> | null {
  const conditions: RawBuilder<SqlBool>[] = [];
  if (search.kind === 'videos') conditions.push(sql<SqlBool>`sp.is_video = 1`);
  if (search.kind === 'products') conditions.push(sql<SqlBool>`sp.is_product = 1`);
  const p = search.product;
  if (p?.price_min !== undefined) conditions.push(sql<SqlBool>`sp.price >= ${p.price_min}`);
  if (p?.price_max !== undefined) conditions.push(sql<SqlBool>`sp.price <= ${p.price_max}`);
  if (p?.in_stock !== undefined) conditions.push(sql<SqlBool>`sp.in_stock = ${p.in_stock ? 1 : 0}`);
  const domains = (p?.domains ?? []).map((d) => tokenize(d.replace(/^www\./i, '')).join(' ')).filter((d) => d !== '');
  if (domains.length > 0) conditions.push(sql<SqlBool>`sp.domain in (${sql.join(domains)})`);
  return conditions.length === 0 ? null : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/**
 * What a search may show the reader of `pins`: visible, not hidden by them, safe, not waiting for
 * a reindex, and through the document filter if one is given.
 */
function searchablePins(reader: Reader, filter: RawBuilder<SqlBool> | null): RawBuilder<SqlBool> {
  const inDocument = filter ? sql<SqlBool>` and exists (select 1 from search_pins sp where sp.pin_id = pins.id and ${filter})` : sql``;
  return sql<SqlBool>`(${shownPins(reader)} and pins.is_unsafe = 0 and ${notStale}${inDocument})`;
}

/** The pins among `ids` a search may show the reader, through a document filter if one is given. */
export async function searchablePinIds(db: Db, reader: Reader, ids: readonly string[], filter: RawBuilder<SqlBool> | null): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('pins')
    .select('pins.id')
    .where('pins.id', 'in', [...ids])
    .where(searchablePins(reader, filter))
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Of these phrases (each numbered, as the engine's query text), the numbers of those with a pin
 * of the index the reader may see. One subquery, run per phrase: the statement is planned once
 * however many phrases there are, and the first visible match of each answers.
 */
export async function phrasesWithSearchablePin(
  db: Db,
  dialect: Dialect,
  reader: Reader,
  index: MatchIndex,
  scope: MatchScope,
  phrases: readonly { i: number; text: string }[],
  filter: RawBuilder<SqlBool> | null,
): Promise<number[]> {
  if (phrases.length === 0) return [];
  const asked = sql.join(
    phrases.map(({ i, text }) => sql`select cast(${i} as integer) as i, cast(${text} as text) as q`),
    sql` union all `,
  );
  const source = matchSourceOf(dialect, index, 'none', sql.ref<string>('p.q'), scope.within ? { within: scope.within } : {});
  const visible = db.selectFrom(source.as('m')).innerJoin('pins', 'pins.id', 'm.doc_id').select('pins.id').where(searchablePins(reader, filter)).limit(1);
  const { rows } = await sql<{ i: number }>`select p.i from (${asked}) p where exists ${visible}`.execute(db);
  return rows.map((row) => row.i);
}

/**
 * A column of board_pins compared without its index on SQLite: its planner has no statistics to
 * tell that a member's saves or boards hold thousands of pins where one pin has a few saves, so
 * it is kept on the pin's index (PostgreSQL's planner knows, and picks what is cheaper).
 */
function pinIndexOnly(dialect: Dialect, column: RawBuilder<unknown>): RawBuilder<unknown> {
  return dialect === 'sqlite' ? sql`coalesce(${column}, '')` : column;
}

/**
 * A match's condition: `savedBy` saved the pin on a board the reader may see. A save on a secret
 * board is as secret as the board: the pin may be visible through someone else's public board, but
 * that this member keeps it is not.
 */
export function withinSavesOf(dialect: Dialect, reader: Reader, savedBy: string): NonNullable<MatchScope['within']> {
  const savedByColumn = pinIndexOnly(dialect, sql.ref('sb.saved_by'));
  return (docId) => sql<SqlBool>`exists (select 1 from board_pins sb inner join boards on boards.id = sb.board_id
    where sb.pin_id = ${docId} and ${savedByColumn} = ${savedBy} and ${visibleBoards(reader)})`;
}

/** A match's condition: the pin is on one of these boards. */
export function withinBoards(dialect: Dialect, boardIds: readonly string[]): NonNullable<MatchScope['within']> {
  const boardColumn = pinIndexOnly(dialect, sql.ref('sbp.board_id'));
  return (docId) => sql<SqlBool>`exists (select 1 from board_pins sbp where sbp.pin_id = ${docId} and ${boardColumn} in (${sql.join(boardIds)}))`;
}

/** The secret boards the reader owns or joined and may see, at most `limit`. */
export async function secretBoardIdsOf(db: Db, reader: Reader, memberId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('boards')
    .select('boards.id')
    .where('boards.privacy', '=', 'secret')
    // Owned or joined narrows the rows to read; the board policy decides.
    .where((eb) =>
      eb.or([
        eb('boards.owner_id', '=', memberId),
        eb('boards.id', 'in', eb.selectFrom('board_collaborators').select('board_id').where('user_id', '=', memberId)),
      ]),
    )
    .where(visibleBoards(reader))
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The public boards of private profiles open to the member: their own when private, and those of
 * the private members they follow. Their pins are unlisted (docs/decisions/0046-follow-requests.md),
 * so only these readers search them. At most `limit`. The private owners are found first, from the
 * member's own rows (usually none, and then no board is read).
 */
export async function privateProfileBoardIdsOf(db: Db, reader: Reader, memberId: string, limit: number): Promise<string[]> {
  const owners = await db
    .selectFrom('member_settings as ms')
    .select('ms.user_id')
    .where('ms.is_private_profile', '=', 1)
    .where((eb) =>
      eb.or([eb('ms.user_id', '=', memberId), eb('ms.user_id', 'in', eb.selectFrom('user_follows').select('followee_id').where('follower_id', '=', memberId))]),
    )
    .execute();
  if (owners.length === 0) return [];
  const rows = await db
    .selectFrom('boards')
    .select('boards.id')
    .where(
      'boards.owner_id',
      'in',
      owners.map((o) => o.user_id),
    )
    .where('boards.privacy', '=', 'public')
    .where(visibleBoards(reader))
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** A member's locale, or undefined when there is no such member. */
export async function localeOfMember(db: Db, userId: string): Promise<string | undefined> {
  const user = await db.selectFrom('users').select('locale').where('id', '=', userId).executeTakeFirst();
  return user?.locale;
}
