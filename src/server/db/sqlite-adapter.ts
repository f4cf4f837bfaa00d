import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Kysely's SqliteDialect speaks the better-sqlite3 interface; node:sqlite differs in two small
 * ways (parameters are spread, and `reader` is derived from the statement's columns). This
 * adapter bridges them so we need no native addon.
 */
export function openSqlite(file: string): SqliteDatabase & { raw: DatabaseSync } {
  const raw = new DatabaseSync(file, { timeout: 5000, enableForeignKeyConstraints: true });
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA synchronous = FULL');
  raw.exec('PRAGMA foreign_keys = ON');
  raw.exec('PRAGMA busy_timeout = 5000');
  const statements = new Map<string, SqliteStatement>();
  return {
    raw,
    close: () => {
      raw.close();
    },
    prepare: (sql: string): SqliteStatement => {
      let statement = statements.get(sql);
      if (!statement) {
        statement = wrap(raw.prepare(sql));
        // Kysely builds the same text for the same query shape; a bounded cache keeps the hot ones.
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value ?? '');
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

const STATEMENT_CACHE_SIZE = 500;

function wrap(stmt: StatementSync): SqliteStatement {
  const args = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqlite);
  return {
    reader: stmt.columns().length > 0,
    all: (parameters) => stmt.all(...args(parameters)),
    run: (parameters) => stmt.run(...args(parameters)),
    iterate: (parameters) => stmt.iterate(...args(parameters)),
  };
}

function toSqlite(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  if (value === undefined) return null;
  return value as SQLInputValue;
}
