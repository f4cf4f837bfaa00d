import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
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
  return {
    raw,
    close: () => {
      raw.close();
    },
    prepare: (sql: string): SqliteStatement => {
      const stmt = raw.prepare(sql);
      const args = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqlite);
      return {
        reader: stmt.columns().length > 0,
        all: (parameters) => stmt.all(...args(parameters)),
        run: (parameters) => stmt.run(...args(parameters)),
        iterate: (parameters) => stmt.iterate(...args(parameters)),
      };
    },
  };
}

function toSqlite(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  if (value === undefined) return null;
  return value as SQLInputValue;
}
