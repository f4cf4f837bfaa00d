import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { visibleBoards } from '../boards/board.policy.ts';
import type { Dialect } from '../db/database.ts';
import type { SearchPinsTable } from '../db/schema/search.ts';
import type { Deps } from '../deps.ts';
import { listablePins, visiblePins } from '../pins/pin.policy.ts';
import type { Reader } from '../social/principal.ts';
import { compareIds } from './ranking.ts';
import { tokenize } from './search-text.ts';
import { notStale, notStaleDocument } from './stale-pins.ts';
import { languageOfLocale, type Language } from './stemming.ts';
import { engineQuery, matchSource, matchSourceOf, scoredWords, type MatchIndex, type MatchScope, type TextQuery } from './text-match.ts';
import { holdsEvery, textScore, type FieldWeight } from './text-score.ts';
import { COMMON_WORD_PINS, splitCommonWords } from './common-words.ts';
import { termCounts } from './vocabulary.ts';

/**
 * Which pins match a query, and how well by text alone (text-score.ts): at most CANDIDATE_CAP of
 * them, looked for among the newest MATCH_WINDOW matches of the listed pins, so the commonest word
 * costs no more than a rarer one. Who may see them is decided afterwards (pin-search.ts).
 */
export const CANDIDATE_CAP = 500;
/** The newest matches of the listed pins looked at before the cap (text-match.ts, MatchScope). */
export const MATCH_WINDOW = 500;
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
  const viewer = await readerLanguage(deps, reader);
  for (const { index, scope } of await sourcesFor(deps, reader, null)) {
    // A later index is asked only about the phrases the earlier ones did not find.
    const open = phrases.flatMap((tokens, i) => (found[i] ? [] : [{ tokens, i }]));
    if (open.length === 0) break;
    // One subquery, run per phrase: the statement is planned once however many phrases there are.
    const asked = sql.join(open.map(({ tokens, i }) => sql`select cast(${i} as integer) as i, cast(${engineQuery(deps.dialect, index, { tokens, prefix: 'none', viewer })} as text) as q`), sql` union all `);
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

/** A candidate: its text score, and what the blend reads of it from its document (ranking.ts). */
export type PinMatch = { id: string; text: number; terms: string; saves: number; createdAt: number };

/**
 * The best CANDIDATE_CAP matches by text, none waiting for a reindex. Each window's documents are
 * read in one statement, with the ranking columns they keep, and scored here: a search reads no
 * other table per candidate. Whether a pin is live and safe is asked with the pin policy as a page
 * reaches it (a deleted pin has no document; a listed one is safe).
 */
export async function textMatches(deps: Deps, reader: Reader, search: PinSearch, commonWordPins = COMMON_WORD_PINS): Promise<PinMatch[]> {
  const filter = documentFilter(search);
  const viewer = await readerLanguage(deps, reader);
  const split = search.tokens.length > 1 ? splitCommonWords(search.tokens, await termCounts(deps.db, search.tokens), commonWordPins) : { engine: [...search.tokens], checked: [] };
  const best = new Map<string, PinMatch>();
  for (const { index, scope } of await sourcesFor(deps, reader, search.savedBy)) {
    const query: TextQuery = { tokens: split.engine, prefix: 'none', viewer };
    const words = scoredWords(index, { ...query, tokens: search.tokens });
    const checked = scoredWords(index, { ...query, tokens: split.checked });
    let documents = deps.db
      .selectFrom(matchSource(deps.dialect, index, query, scope).as('m'))
      .innerJoin('search_pins as sp', 'sp.pin_id', 'm.doc_id')
      .select(['sp.pin_id', 'sp.title', 'sp.boards', 'sp.product', 'sp.description', 'sp.domain', 'sp.terms', 'sp.save_count', 'sp.created_at'])
      .where(notStaleDocument);
    if (filter) documents = documents.where(filter);
    for (const row of await documents.execute()) {
      const texts = pinTexts(row);
      if (checked.length > 0 && !holdsEvery(texts, checked)) continue;
      const text = textScore(PIN_FIELDS, texts, words);
      if ((best.get(row.pin_id)?.text ?? -1) < text) best.set(row.pin_id, { id: row.pin_id, text, terms: row.terms, saves: row.save_count, createdAt: row.created_at });
    }
  }
  // One cap over both indexes: the blend then reads the reader's signals for at most CANDIDATE_CAP pins.
  const matches = [...best.values()];
  return matches.length <= CANDIDATE_CAP ? matches : matches.sort((a, b) => b.text - a.text || compareIds(b.id, a.id)).slice(0, CANDIDATE_CAP);
}

/** A pin document's fields as the scorer weighs them (`pinTexts`): the title most, then its boards and product, then the rest. */
const PIN_FIELDS: readonly FieldWeight[] = [
  { weight: 10, typicalLength: 6 },
  { weight: 4, typicalLength: 4 },
  { weight: 4, typicalLength: 6 },
  { weight: 2, typicalLength: 15 },
  { weight: 1, typicalLength: 2 },
];

function pinTexts(doc: Pick<SearchPinsTable, 'title' | 'boards' | 'product' | 'description' | 'domain'>): string[] {
  return [doc.title, doc.boards, doc.product, doc.description, doc.domain];
}

/** The member's own language, whose stems their searches look for too; a visitor's searches look for the main ones. */
async function readerLanguage(deps: Deps, reader: Reader): Promise<Language | null> {
  if (reader.userId === null) return null;
  const user = await deps.db.selectFrom('users').select('locale').where('id', '=', reader.userId).executeTakeFirst();
  return user ? languageOfLocale(user.locale) : null;
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

