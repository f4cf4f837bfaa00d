import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../db/database.ts';
import { queryForms, type Language } from './stemming.ts';
import type { ScoredWord } from './text-score.ts';

/**
 * The one place the two databases differ: which documents of an index hold every word of a query.
 * FTS5 on SQLite, a tsvector on PostgreSQL (migrations 0006, 0012). How well each matches is
 * computed from the documents' fields, the same for both (text-score.ts). Words come from
 * `queryTokens` (letters and digits only), so they are safe inside either engine's query syntax;
 * they still travel as parameters.
 */
export type MatchIndex = 'listed_pins' | 'unlisted_pins' | 'boards' | 'users';

/** none: whole words (always, in the pins indexes); last: the last word may be unfinished (typeahead); all: every word is a prefix. */
export type PrefixMode = 'none' | 'last' | 'all';

/** `viewer`: the reader's own language, whose stems are looked for too in the pins indexes (stemming.ts). */
export type TextQuery = { tokens: readonly string[]; prefix: PrefixMode; viewer?: Language | null };

/** A row of a match: the document's id. */
export type MatchRow = { doc_id: string };

/**
 * How much of a match is looked at. `window`: only the newest matching documents, at most this
 * many (a word in most documents then costs no more than a rarer one; ids grow with time, so the
 * newest come first from both engines' indexes). `within`, a condition on a document's id: only
 * the pins meeting it (a member's own saves or secret boards), all of them, so nothing of the
 * member's is missed; it is checked per match, so it costs what the match costs.
 */
export type MatchScope = { window?: number; within?: (docId: RawBuilder<string>) => RawBuilder<SqlBool> };

/** The matching documents as a subquery with the column doc_id. */
export function matchSource(dialect: Dialect, index: MatchIndex, query: TextQuery, scope: MatchScope = {}): RawBuilder<MatchRow> {
  return matchSourceOf(dialect, index, query.prefix, sql<string>`${engineQuery(dialect, index, query)}`, scope);
}

/**
 * The same with the engine's query text given as SQL (a column of an outer query, so one
 * statement can ask about several queries: see `engineQuery`).
 */
export function matchSourceOf(dialect: Dialect, index: MatchIndex, prefix: PrefixMode, text: RawBuilder<string>, scope: MatchScope = {}): RawBuilder<MatchRow> {
  return dialect === 'postgres' ? postgresSource(index, prefix, text, scope) : sqliteSource(index, text, scope);
}

const isPins = (index: MatchIndex) => index === 'listed_pins' || index === 'unlisted_pins';

/** The query's words as the scorer counts them: in the pins indexes, any of a word's forms, whole. */
export function scoredWords(index: MatchIndex, query: TextQuery): ScoredWord[] {
  const last = query.tokens.length - 1;
  return query.tokens.map((token, i) =>
    isPins(index)
      ? { forms: queryForms(token, query.viewer ?? null), prefix: false }
      : { forms: [token], prefix: query.prefix === 'all' || (query.prefix === 'last' && i === last) },
  );
}

/**
 * A query in the engine's own syntax: an FTS5 expression, or words for PostgreSQL's parsers. In the
 * pins indexes, which hold stems, each word is any of its forms (stemming.ts), all of them whole.
 */
export function engineQuery(dialect: Dialect, index: MatchIndex, query: TextQuery): string {
  if (query.tokens.length === 0) throw new Error('a text match needs at least one word');
  if (isPins(index)) {
    const words = scoredWords(index, query);
    if (dialect === 'sqlite') return words.map(({ forms }) => `(${forms.map((f) => `"${f}"`).join(' OR ')})`).join(' AND ');
    return words.map(({ forms }) => `(${forms.join(' | ')})`).join(' & ');
  }
  const last = query.tokens.length - 1;
  const isPrefix = (i: number) => query.prefix === 'all' || (query.prefix === 'last' && i === last);
  if (dialect === 'sqlite') return query.tokens.map((token, i) => `"${token}"${isPrefix(i) ? '*' : ''}`).join(' ');
  if (query.prefix === 'none') return query.tokens.join(' ');
  return query.tokens.map((token, i) => (isPrefix(i) ? `${token}:*` : token)).join(' & ');
}

const SQLITE_TABLES = {
  listed_pins: 'search_pins_public',
  unlisted_pins: 'search_pins_private',
  boards: 'search_boards_fts',
  users: 'search_users_fts',
} as const;

function sqliteSource(index: MatchIndex, text: RawBuilder<string>, scope: MatchScope): RawBuilder<MatchRow> {
  const t = sql.table(SQLITE_TABLES[index]);
  const docId = sql<string>`cast(${t}.rowid as text)`;
  // FTS5 does not narrow a match by a set of rowids: the set is checked on each match, newest
  // first, so a window holds the newest matches within it (as on PostgreSQL), not fewer.
  const within = scope.within ? sql`and ${scope.within(docId)}` : sql``;
  const newest = scope.window === undefined ? sql`` : sql`order by ${t}.rowid desc limit ${scope.window}`;
  return sql<MatchRow>`(select ${docId} as doc_id from ${t} where ${t} match ${text} ${within} ${newest})`;
}

/** Pins hold stems, looked for by their forms (`engineQuery`); boards and people are matched as typed. */
function postgresTsQuery(index: MatchIndex, prefix: PrefixMode, text: RawBuilder<string>): RawBuilder<unknown> {
  if (isPins(index)) return sql`to_tsquery('corkboard_search', ${text})`;
  return prefix === 'none' ? sql`plainto_tsquery('simple', ${text})` : sql`to_tsquery('simple', ${text})`;
}

const POSTGRES_TABLES = {
  listed_pins: { table: 'search_pins', key: 'pin_id', listed: 1 },
  unlisted_pins: { table: 'search_pins', key: 'pin_id', listed: 0 },
  boards: { table: 'search_boards', key: 'board_id', listed: null },
  users: { table: 'search_users', key: 'user_id', listed: null },
} as const;

function postgresSource(index: MatchIndex, prefix: PrefixMode, text: RawBuilder<string>, scope: MatchScope): RawBuilder<MatchRow> {
  const { table, key, listed } = POSTGRES_TABLES[index];
  const id = sql.ref<string>(`d.${key}`);
  const conditions = [sql`d.document @@ q.query`, ...(listed === null ? [] : [sql`d.is_public = ${listed}`]), ...(scope.within ? [scope.within(id)] : [])];
  const newest = scope.window === undefined ? sql`` : sql`order by ${id} desc limit ${scope.window}`;
  return sql<MatchRow>`(select ${id} as doc_id
    from ${sql.table(table)} d, ${postgresTsQuery(index, prefix, text)} as q(query) where ${sql.join(conditions, sql` and `)} ${newest})`;
}
