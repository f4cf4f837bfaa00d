import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { visibleBoards } from '../boards/board.policy.ts';
import type { Dialect } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { listablePins, visiblePins } from '../pins/pin.policy.ts';
import type { Reader } from '../social/principal.ts';
import { compareIds } from './ranking.ts';
import { tokenize } from './search-text.ts';
import { notStale } from './stale-pins.ts';
import { engineQuery, matchSource, matchSourceOf, type MatchIndex, type MatchRow, type MatchScope } from './text-match.ts';

/**
 * Which pins match a query, and how well by text alone: at most CANDIDATE_CAP of them, looked for
 * among the newest MATCH_WINDOW matches of the listed pins, so the commonest word costs no more
 * than a rarer one. Who may see them is decided afterwards (pin-search.ts).
 */
export const CANDIDATE_CAP = 1000;
/** The newest matches of the listed pins looked at before the cap (text-match.ts, MatchScope). */
export const MATCH_WINDOW = 5_000;
/** Secret boards of one reader whose pins are matched; a member has far fewer. */
const SECRET_BOARDS_MAX = 2000;

/** The product filters of a shopping search (appliedProductFilters). */
export type ProductFilters = { price_min?: number | undefined; price_max?: number | undefined; domains?: readonly string[] | undefined; in_stock?: boolean | undefined };

export type PinSearch = {
  tokens: readonly string[];
  kind: 'all' | 'videos' | 'products';
  /** Only the pins this member saved (the viewer's own for my_pins, a profile's for `user`). */
  savedBy: string | null;
  product: ProductFilters | null;
};

/**
 * For each phrase, whether the reader may see at least one pin with all its words (typeahead
 * completions are checked so), or one video or product pin (the discovery pages' categories). One
 * query per index for all the phrases; the first visible match of each answers, so the engines
 * stop early.
 */
export async function visiblePhrases(deps: Deps, reader: Reader, phrases: readonly (readonly string[])[], kind: PinSearch['kind'] = 'all'): Promise<boolean[]> {
  const found = phrases.map(() => false);
  if (phrases.length === 0) return found;
  for (const { index, scope } of await sourcesFor(deps, reader, null)) {
    // A later index is asked only about the phrases the earlier ones did not find.
    const open = phrases.flatMap((tokens, i) => (found[i] ? [] : [{ tokens, i }]));
    if (open.length === 0) break;
    // One subquery, run per phrase: the statement is planned once however many phrases there are.
    const asked = sql.join(open.map(({ tokens, i }) => sql`select cast(${i} as integer) as i, cast(${engineQuery(deps.dialect, index, { tokens, prefix: 'none' })} as text) as q`), sql` union all `);
    const source = matchSourceOf(deps.dialect, index, 'none', sql.ref<string>('p.q'), scope.within ? { within: scope.within } : {});
    const filter = documentFilter({ tokens: [], kind, savedBy: null, product: null });
    const visible = deps.db
      .selectFrom(source.as('m'))
      .innerJoin('pins', 'pins.id', 'm.doc_id')
      .select('pins.id')
      .where(filter ? sql<SqlBool>`exists (select 1 from search_pins sp where sp.pin_id = m.doc_id and ${filter})` : sql<SqlBool>`1 = 1`)
      .where(visiblePins(reader))
      .where(listablePins(reader))
      .where('pins.is_unsafe', '=', 0)
      .where(notStale)
      .limit(1);
    const { rows } = await sql<{ i: number }>`select p.i from (${asked}) p where exists ${visible}`.execute(deps.db);
    for (const row of rows) found[row.i] = true;
  }
  return found;
}

type Source = { index: MatchIndex; scope: MatchScope };

/**
 * Listed pins (on some public board) for everyone, the newest matches first; unlisted ones only
 * among what could be the reader's: pins on the secret boards they may see, or every save of
 * `savedBy` (the member's own pins are all searched, however common the word).
 */
async function sourcesFor(deps: Deps, reader: Reader, savedBy: string | null): Promise<Source[]> {
  if (savedBy !== null) {
    const savedByColumn = pinIndexOnly(deps.dialect, sql.ref('sb.saved_by'));
    const within = (docId: RawBuilder<string>) => sql<SqlBool>`exists (select 1 from board_pins sb where sb.pin_id = ${docId} and ${savedByColumn} = ${savedBy})`;
    return [
      { index: 'listed_pins', scope: { within } },
      { index: 'unlisted_pins', scope: { within } },
    ];
  }
  const listed: Source = { index: 'listed_pins', scope: { window: MATCH_WINDOW } };
  const boards = await secretBoardsOf(deps, reader);
  if (boards.length === 0) return [listed];
  const boardColumn = pinIndexOnly(deps.dialect, sql.ref('sbp.board_id'));
  const within = (docId: RawBuilder<string>) => sql<SqlBool>`exists (select 1 from board_pins sbp where sbp.pin_id = ${docId} and ${boardColumn} in (${sql.join(boards)}))`;
  return [listed, { index: 'unlisted_pins', scope: { within, window: MATCH_WINDOW } }];
}

/**
 * A column of board_pins compared without its index on SQLite: its planner has no statistics to
 * tell that a member's saves or boards hold thousands of pins where one pin has a few saves, so
 * it is kept on the pin's index (PostgreSQL's planner knows, and picks what is cheaper).
 */
function pinIndexOnly(dialect: Dialect, column: RawBuilder<unknown>): RawBuilder<unknown> {
  return dialect === 'sqlite' ? sql`coalesce(${column}, '')` : column;
}

/** The secret boards the reader may see; their pins are the only unlisted ones worth matching. */
async function secretBoardsOf(deps: Deps, reader: Reader): Promise<string[]> {
  const me = reader.userId;
  if (me === null || !reader.readsSecret) return [];
  const rows = await deps.db
    .selectFrom('boards')
    .select('boards.id')
    .where('boards.privacy', '=', 'secret')
    // Owned or joined narrows the rows to read; the board policy decides.
    .where((eb) => eb.or([eb('boards.owner_id', '=', me), eb('boards.id', 'in', eb.selectFrom('board_collaborators').select('board_id').where('user_id', '=', me))]))
    .where(visibleBoards(reader))
    .limit(SECRET_BOARDS_MAX)
    .execute();
  return rows.map((r) => r.id);
}

export async function textMatches(deps: Deps, reader: Reader, search: PinSearch): Promise<Map<string, number>> {
  const filter = documentFilter(search);
  const scores = new Map<string, number>();
  for (const { index, scope } of await sourcesFor(deps, reader, search.savedBy)) {
    const source = matchSource(deps.dialect, index, { tokens: search.tokens, prefix: 'none' }, scope);
    const narrowed = filter ? sql`inner join search_pins sp on sp.pin_id = m.doc_id where ${filter}` : sql``;
    const { rows } = await sql<MatchRow>`select m.doc_id, m.text_score from ${source} m ${narrowed}
      order by m.text_score desc limit ${CANDIDATE_CAP}`.execute(deps.db);
    for (const row of rows) scores.set(row.doc_id, Math.max(scores.get(row.doc_id) ?? 0, row.text_score));
  }
  // One cap over both indexes: the visibility check then reads at most CANDIDATE_CAP pins.
  return new Map([...scores].sort(([a, x], [b, y]) => y - x || compareIds(b, a)).slice(0, CANDIDATE_CAP));
}

/** Conditions on the document (`sp`) for videos and products, pushed before the candidate cap. */
function documentFilter(search: PinSearch): RawBuilder<SqlBool> | null {
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

