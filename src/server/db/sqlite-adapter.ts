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
  raw.exec(`PRAGMA mmap_size = ${MMAP_BYTES}`);
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

/**
 * Reads of the database file through a memory map rather than a read call per page and a copy
 * into SQLite's own 2 MB page cache: a search checks a hundred pins scattered over the file, a
 * few pages each (decision 0031). Address space only: the kernel's page cache holds the pages.
 * Node's SQLite maps at most its build's limit, just under 2 GiB; reads beyond it are as before.
 */
const MMAP_BYTES = 2 ** 31;

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
