import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../db/database.ts';

/**
 * The one place the two databases differ: which documents of an index match every word of a query,
 * and how well. FTS5 with bm25 on SQLite, a tsvector with ts_rank on PostgreSQL (migration
 * 0006). Words come from `queryTokens` (letters and digits only), so they are safe inside either
 * engine's query syntax; they still travel as parameters.
 */
export type MatchIndex = 'listed_pins' | 'unlisted_pins' | 'boards' | 'users';

/** none: whole words (pins are stemmed); last: the last word may be unfinished (typeahead); all: every word is a prefix. */
export type PrefixMode = 'none' | 'last' | 'all';

export type TextQuery = { tokens: readonly string[]; prefix: PrefixMode };

/** A row of a match: the document's id and its relevance (higher is better; scales differ by engine). */
export type MatchRow = { doc_id: string; text_score: number };

/**
 * How much of a match is looked at. `window`: only the newest matching documents, at most this
 * many (a word in most documents then costs no more than a rarer one; ids grow with time, so the
 * newest come first from both engines' indexes). `within`, a condition on a document's id: only
 * the pins meeting it (a member's own saves or secret boards), all of them, so nothing of the
 * member's is missed; it is checked per match, so it costs what the match costs.
 */
export type MatchScope = { window?: number; within?: (docId: RawBuilder<string>) => RawBuilder<SqlBool> };

/** The matching documents as a subquery with columns doc_id and text_score. */
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

/** A query in the engine's own syntax: an FTS5 expression, or words for PostgreSQL's parsers. */
export function engineQuery(dialect: Dialect, index: MatchIndex, query: TextQuery): string {
  if (query.tokens.length === 0) throw new Error('a text match needs at least one word');
  const last = query.tokens.length - 1;
  const isPrefix = (i: number) => query.prefix === 'all' || (query.prefix === 'last' && i === last);
  if (dialect === 'sqlite') return query.tokens.map((token, i) => `"${token}"${isPrefix(i) ? '*' : ''}`).join(' ');
  if (query.prefix === 'none') return query.tokens.join(' ');
  return query.tokens.map((token, i) => (isPrefix(i) ? `${token}:*` : token)).join(' & ');
}

const SQLITE_TABLES = {
  listed_pins: { table: 'search_pins_public', weights: '10.0, 4.0, 4.0, 2.0, 1.0' },
  unlisted_pins: { table: 'search_pins_private', weights: '10.0, 4.0, 4.0, 2.0, 1.0' },
  boards: { table: 'search_boards_fts', weights: '5.0, 1.0' },
  users: { table: 'search_users_fts', weights: '3.0, 2.0' },
} as const;

function sqliteSource(index: MatchIndex, text: RawBuilder<string>, scope: MatchScope): RawBuilder<MatchRow> {
  const { table, weights } = SQLITE_TABLES[index];
  const t = sql.table(table);
  const newest = scope.window === undefined ? sql`` : sql`order by ${t}.rowid desc limit ${scope.window}`;
  // bm25 is lower for better matches; negated so that higher is better on both engines.
  const matches = sql<MatchRow>`select cast(${t}.rowid as text) as doc_id, -bm25(${t}, ${sql.raw(weights)}) as text_score
    from ${t} where ${t} match ${text} ${newest}`;
  // FTS5 does not narrow a match by a set of rowids: the set is applied to the matches instead.
  if (scope.within) return sql<MatchRow>`(select x.doc_id, x.text_score from (${matches}) x where ${scope.within(sql.ref('x.doc_id'))})`;
  return sql<MatchRow>`(${matches})`;
}

/** Pins are stemmed like the English documents; boards and people are matched as typed. */
function postgresTsQuery(index: MatchIndex, prefix: PrefixMode, text: RawBuilder<string>): RawBuilder<unknown> {
  const config = sql.lit(index === 'boards' || index === 'users' ? 'simple' : 'corkboard_search');
  return prefix === 'none' ? sql`plainto_tsquery(${config}, ${text})` : sql`to_tsquery(${config}, ${text})`;
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
  const conditions = [
    sql`d.document @@ q.query`,
    ...(listed === null ? [] : [sql`d.is_public = ${listed}`]),
    ...(scope.within ? [scope.within(id)] : []),
  ];
  const newest = scope.window === undefined ? sql`` : sql`order by ${id} desc limit ${scope.window}`;
  return sql<MatchRow>`(select ${id} as doc_id, ts_rank(d.document, q.query)::float8 as text_score
    from ${sql.table(table)} d, ${postgresTsQuery(index, prefix, text)} as q(query) where ${sql.join(conditions, sql` and `)} ${newest})`;
}
