import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../db/database.ts';
import { engineQuery, isPins, type MatchIndex, type MatchRow, type MatchScope, type PrefixMode, type TextQuery } from './text-match.ts';

/**
 * Which documents of an index hold every word of a query, as a subquery (the column doc_id):
 * FTS5 on SQLite, a tsvector on PostgreSQL (migrations 0006, 0012). The engine's query text is
 * made by `engineQuery` (text-match.ts).
 */

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
