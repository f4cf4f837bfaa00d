import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';

/**
 * Pins' documents hold stems made in TypeScript, in each pin's language (src/server/search/
 * stemming.ts, docs/decisions/0026-search-stemming-and-scale.md), so neither engine stems again:
 * PostgreSQL's pins configuration maps words to the `simple` dictionary, and SQLite's pins tables
 * are made anew without the porter tokenizer, storing which column a word is in but not where
 * (detail=column: no query here is a phrase, and the index is about half the size). Existing
 * documents are filled in from the folded words they hold and marked pending: the reindex job
 * stems them, and until then they are found by their words as written. Boards and people get a
 * prefix index of one letter too: typeahead asks from the first keystroke, and without one FTS5
 * merges the lists of every word with that letter (20 ms at 40 000 boards). Pins' documents also
 * keep the save count and creation time that ranking reads, so a search reads one table.
 */
export function searchStemming(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addRankingColumns(db);
      // Completions read a range of words with their counts: from this index alone (0.8 ms → 0.2 ms for one letter).
      await db.schema.createIndex('search_terms_completions').on('search_terms').columns(['term', 'doc_count']).execute();
      if (dialect === 'postgres') await unstemPostgres(db);
      else {
        await remakeSqliteIndexes(db);
        await remakeSqliteMirror(db, 'search_boards', 'board_id', ['name', 'description']);
        await remakeSqliteMirror(db, 'search_users', 'user_id', ['username', 'full_name']);
      }
      // `WHERE true`: SQLite's parser needs it before an upsert clause of an INSERT ... SELECT.
      await sql`INSERT INTO search_pending_pins (pin_id, marked_at) SELECT pin_id, ${Date.now()} FROM search_pins WHERE true
        ON CONFLICT (pin_id) DO NOTHING`.execute(db);
    },
  };
}

/** What ranking reads of a pin, kept in its document so that a search reads one table (decision 0026). */
async function addRankingColumns(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('search_pins')
    .addColumn('save_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('search_pins')
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE search_pins SET save_count = (SELECT p.save_count FROM pins p WHERE p.id = search_pins.pin_id),
    created_at = (SELECT p.created_at FROM pins p WHERE p.id = search_pins.pin_id)`.execute(db);
}

async function unstemPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TEXT SEARCH CONFIGURATION corkboard_search
    ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH simple`.execute(db);
  await sql`DROP TEXT SEARCH DICTIONARY corkboard_english_stem`.execute(db);
}

const COLUMNS = 'title, boards, product, description, domain';
const TABLES = { public: 1, private: 0 } as const;

async function remakeSqliteIndexes(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['search_pins_ai', 'search_pins_ad', 'search_pins_au']) await sql.raw(`DROP TRIGGER ${trigger}`).execute(db);
  for (const [name, listed] of Object.entries(TABLES)) {
    const table = `search_pins_${name}`;
    await sql.raw(`DROP TABLE ${table}`).execute(db);
    await sql
      .raw(`CREATE VIRTUAL TABLE ${table} USING fts5(${COLUMNS}, content='', contentless_delete=1, detail=column, tokenize='unicode61 remove_diacritics 2')`)
      .execute(db);
    await sql
      .raw(`INSERT INTO ${table}(rowid, ${COLUMNS}) SELECT CAST(pin_id AS INTEGER), ${COLUMNS} FROM search_pins WHERE is_public = ${String(listed)}`)
      .execute(db);
  }
  const insert = (row: string) =>
    Object.entries(TABLES)
      .map(
        ([name, listed]) =>
          `INSERT INTO search_pins_${name}(rowid, ${COLUMNS}) SELECT CAST(${row}.pin_id AS INTEGER), ${COLUMNS.split(', ')
            .map((c) => `${row}.${c}`)
            .join(', ')} WHERE ${row}.is_public = ${String(listed)};`,
      )
      .join('\n');
  const remove = (row: string) =>
    Object.keys(TABLES)
      .map((name) => `DELETE FROM search_pins_${name} WHERE rowid = CAST(${row}.pin_id AS INTEGER);`)
      .join('\n');
  await sql.raw(`CREATE TRIGGER search_pins_ai AFTER INSERT ON search_pins BEGIN ${insert('new')} END`).execute(db);
  await sql.raw(`CREATE TRIGGER search_pins_ad AFTER DELETE ON search_pins BEGIN ${remove('old')} END`).execute(db);
  await sql.raw(`CREATE TRIGGER search_pins_au AFTER UPDATE ON search_pins BEGIN ${remove('old')} ${insert('new')} END`).execute(db);
}

/** An FTS5 table of words as typed, with prefix indexes, mirroring a plain table (as migration 0006 made it, plus one letter). */
async function remakeSqliteMirror(db: Kysely<unknown>, table: string, key: string, columns: string[]): Promise<void> {
  const fts = `${table}_fts`;
  const list = columns.join(', ');
  const values = (row: string) => columns.map((c) => `${row}.${c}`).join(', ');
  const insert = (row: string) => `INSERT INTO ${fts}(rowid, ${list}) VALUES (CAST(${row}.${key} AS INTEGER), ${values(row)});`;
  const remove = (row: string) => `DELETE FROM ${fts} WHERE rowid = CAST(${row}.${key} AS INTEGER);`;
  for (const trigger of ['ai', 'ad', 'au']) await sql.raw(`DROP TRIGGER ${table}_${trigger}`).execute(db);
  await sql.raw(`DROP TABLE ${fts}`).execute(db);
  await sql
    .raw(
      `CREATE VIRTUAL TABLE ${fts} USING fts5(${list}, content='', contentless_delete=1, detail=column, prefix='1 2 3', tokenize='unicode61 remove_diacritics 2')`,
    )
    .execute(db);
  await sql.raw(`INSERT INTO ${fts}(rowid, ${list}) SELECT CAST(${key} AS INTEGER), ${list} FROM ${table}`).execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_ai AFTER INSERT ON ${table} BEGIN ${insert('new')} END`).execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_ad AFTER DELETE ON ${table} BEGIN ${remove('old')} END`).execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_au AFTER UPDATE ON ${table} BEGIN ${remove('old')} ${insert('new')} END`).execute(db);
}
