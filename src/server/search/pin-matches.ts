import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import type { Reader } from '../access/authorized.ts';
import { tokenize } from './search-text.ts';
import { notStale, notStaleDocument } from './stale-pins.ts';
import { languageOfLocale, type Language } from './stemming.ts';
import { engineQuery, matchSource, matchSourceOf, scoredWords, type MatchIndex, type MatchScope, type TextQuery } from './text-match.ts';
import { weightedScore } from './text-score.ts';
import { holdsEvery, PIN_DOCUMENT_COLUMNS, postedPin, type PostedPin } from './pin-postings.ts';
import { COMMON_WORD_PINS, splitCommonWords } from './common-words.ts';
import { termCounts } from './vocabulary.ts';
import { shownPins, visibleBoards } from '../access/visibility.repo.ts';
import { compareIds } from '../common/compare-ids.ts';

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
export type ProductFilters = {
  price_min?: number | undefined;
  price_max?: number | undefined;
  domains?: readonly string[] | undefined;
  in_stock?: boolean | undefined;
};

export type PinSearch = {
  tokens: readonly string[];
  kind: 'all' | 'videos' | 'products';
  /** Only the pins this member saved (the viewer's own for my_pins, a profile's for `user`). */
  savedBy: string | null;
  product: ProductFilters | null;
};

/**
 * For each phrase, whether the reader may see at least one pin with all its words (typeahead
 * completions are checked so), or one video or product pin (the discovery pages' categories).
 * The listed pins are asked first of this node's postings: the newest few holding each phrase, one
 * policy check for them all. What they leave open is asked of the engines, one query per index
 * for all those phrases; the first visible match of each answers, so the engines stop early.
 */
export async function visiblePhrases(deps: Deps, reader: Reader, phrases: readonly (readonly string[])[], kind: PinSearch['kind'] = 'all'): Promise<boolean[]> {
  const found = phrases.map(() => false);
  if (phrases.length === 0) return found;
  const viewer = await readerLanguage(deps, reader);
  const filter = documentFilter({ tokens: [], kind, savedBy: null, product: null });
  const settled = await listedPhrases(
    deps,
    reader,
    phrases.map((tokens) => scoredWords('listed_pins', { tokens, prefix: 'none', viewer }).map((word) => word.forms)),
    filter,
  );
  settled?.forEach((visible, i) => (found[i] = visible === true));
  if (found.every(Boolean)) return found;
  for (const { index, scope } of await sourcesFor(deps, reader, null)) {
    // A later index is asked only about the phrases the earlier ones did not find.
    const open = phrases.flatMap((tokens, i) => (found[i] || (index === 'listed_pins' && settled?.[i] !== undefined) ? [] : [{ tokens, i }]));
    if (open.length === 0) continue;
    // One subquery, run per phrase: the statement is planned once however many phrases there are.
    const asked = sql.join(
      open.map(
        ({ tokens, i }) => sql`select cast(${i} as integer) as i, cast(${engineQuery(deps.dialect, index, { tokens, prefix: 'none', viewer })} as text) as q`,
      ),
      sql` union all `,
    );
    const source = matchSourceOf(deps.dialect, index, 'none', sql.ref<string>('p.q'), scope.within ? { within: scope.within } : {});
    const visible = deps.db
      .selectFrom(source.as('m'))
      .innerJoin('pins', 'pins.id', 'm.doc_id')
      .select('pins.id')
      .where(searchablePins(reader, filter))
      .limit(1);
    const { rows } = await sql<{ i: number }>`select p.i from (${asked}) p where exists ${visible}`.execute(deps.db);
    for (const row of rows) found[row.i] = true;
  }
  return found;
}

/** Listed pins per phrase looked at in the postings: the newest few usually hold one the reader may see. */
export const PHRASE_PINS = 3;

/**
 * For each phrase, as far as this node's postings tell of the listed pins: true when the reader may
 * see one of its newest holders, false when they may see none of its holders (there were fewer than
 * asked for), undefined when only older ones are left to ask. Null while the postings are not built.
 */
export async function listedPhrases(
  deps: Deps,
  reader: Reader,
  phrases: readonly (readonly (readonly string[])[])[],
  filter: RawBuilder<SqlBool> | null,
): Promise<(boolean | undefined)[] | null> {
  const held = await deps.replicas.pinPostings?.newest(phrases, PHRASE_PINS);
  if (!held) return null;
  const visible = await keepVisible(deps, reader, [...new Set(held.flat().map((pin) => pin.id))], filter);
  return held.map((pins) => (pins.some((pin) => visible.has(pin.id)) ? true : pins.length < PHRASE_PINS ? false : undefined));
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
export async function keepVisible(deps: Deps, reader: Reader, ids: string[], filter: RawBuilder<SqlBool> | null = null): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await deps.db.selectFrom('pins').select('pins.id').where('pins.id', 'in', ids).where(searchablePins(reader, filter)).execute();
  return new Set(rows.map((r) => r.id));
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
    const within = (docId: RawBuilder<string>) =>
      sql<SqlBool>`exists (select 1 from board_pins sb where sb.pin_id = ${docId} and ${savedByColumn} = ${savedBy})`;
    return [
      { index: 'listed_pins', scope: { within } },
      { index: 'unlisted_pins', scope: { within } },
    ];
  }
  const listed: Source = { index: 'listed_pins', scope: { window: MATCH_WINDOW } };
  const boards = await secretBoardsOf(deps, reader);
  if (boards.length === 0) return [listed];
  const boardColumn = pinIndexOnly(deps.dialect, sql.ref('sbp.board_id'));
  const within = (docId: RawBuilder<string>) =>
    sql<SqlBool>`exists (select 1 from board_pins sbp where sbp.pin_id = ${docId} and ${boardColumn} in (${sql.join(boards)}))`;
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
    .where((eb) =>
      eb.or([eb('boards.owner_id', '=', me), eb('boards.id', 'in', eb.selectFrom('board_collaborators').select('board_id').where('user_id', '=', me))]),
    )
    .where(visibleBoards(reader))
    .limit(SECRET_BOARDS_MAX)
    .execute();
  return rows.map((r) => r.id);
}

/** A candidate: its text score, and what the blend reads of it from its document (ranking.ts). */
export type PinMatch = { id: string; text: number; terms: string; saves: number; createdAt: number };

/**
 * The best CANDIDATE_CAP matches by text, none waiting for a reindex. Each window's documents come
 * with the ranking columns they keep, from this node's postings or in one statement, and are
 * scored here: a search reads no other table per candidate. Whether a pin is live and safe is
 * asked with the pin policy as a page reaches it (a deleted pin has no document, though the
 * postings keep it until their next build; a listed one is safe).
 */
export async function textMatches(deps: Deps, reader: Reader, search: PinSearch, commonWordPins = COMMON_WORD_PINS): Promise<PinMatch[]> {
  const viewer = await readerLanguage(deps, reader);
  const split =
    search.tokens.length > 1
      ? splitCommonWords(search.tokens, await termCounts(deps.db, search.tokens), commonWordPins)
      : { engine: [...search.tokens], checked: [] };
  const formsOf = (tokens: readonly string[]) => scoredWords('listed_pins', { tokens, prefix: 'none', viewer }).map((word) => word.forms);
  const [words, checked] = [formsOf(search.tokens), formsOf(split.checked)];
  const best = new Map<string, PinMatch>();
  for (const source of await sourcesFor(deps, reader, search.savedBy)) {
    for (const pin of await windowOf(deps, source, { tokens: split.engine, prefix: 'none', viewer }, documentFilter(search))) {
      if (!holdsEvery(pin, checked)) continue;
      const text = weightedScore(words, pin.weightOf);
      if ((best.get(pin.id)?.text ?? -1) < text) best.set(pin.id, { id: pin.id, text, terms: pin.terms, saves: pin.saves, createdAt: pin.createdAt });
    }
  }
  // One cap over both indexes: the blend then reads the reader's signals for at most CANDIDATE_CAP pins.
  const matches = [...best.values()];
  return matches.length <= CANDIDATE_CAP ? matches : matches.sort((a, b) => b.text - a.text || compareIds(b.id, a.id)).slice(0, CANDIDATE_CAP);
}

/**
 * A source's window, not stale and through the document filter: the newest listed matches from
 * this node's postings once they are built (pin-postings-replica.ts), everything else from the
 * engine, in one statement with the documents.
 */
async function windowOf(deps: Deps, { index, scope }: Source, query: TextQuery, filter: RawBuilder<SqlBool> | null): Promise<PostedPin[]> {
  const postings = index === 'listed_pins' && scope.window !== undefined && !scope.within ? deps.replicas.pinPostings : undefined;
  const [newest] = (await postings?.newest([scoredWords(index, query).map((word) => word.forms)], scope.window ?? 0)) ?? [];
  if (newest) return current(deps, newest, filter);
  let documents = deps.db
    .selectFrom(matchSource(deps.dialect, index, query, scope).as('m'))
    .innerJoin('search_pins as sp', 'sp.pin_id', 'm.doc_id')
    .select(PIN_DOCUMENT_COLUMNS)
    .where(notStaleDocument);
  if (filter) documents = documents.where(filter);
  return (await documents.execute()).map(postedPin);
}

/** The pins of a window from the postings that the engine's statement would keep: not stale, and through the filter. */
async function current(deps: Deps, pins: PostedPin[], filter: RawBuilder<SqlBool> | null): Promise<PostedPin[]> {
  if (pins.length === 0) return pins;
  const ids = pins.map((pin) => pin.id);
  if (filter) {
    const rows = await deps.db
      .selectFrom('search_pins as sp')
      .select('sp.pin_id')
      .where('sp.pin_id', 'in', ids)
      .where(notStaleDocument)
      .where(filter)
      .execute();
    const kept = new Set(rows.map((r) => r.pin_id));
    return pins.filter((pin) => kept.has(pin.id));
  }
  // Pins wait for a reindex only after a change to a big board, for the time the job takes.
  if (!(await deps.db.selectFrom('search_stale_pins').select('pin_id').limit(1).executeTakeFirst())) return pins;
  const rows = await deps.db.selectFrom('search_stale_pins').select('pin_id').where('pin_id', 'in', ids).execute();
  const stale = new Set(rows.map((r) => r.pin_id));
  return pins.filter((pin) => !stale.has(pin.id));
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
