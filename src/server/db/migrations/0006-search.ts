import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';

/**
 * The text search index (docs/decisions/0018-search.md). Plain tables hold each document as
 * folded words (src/server/search/search-text.ts), the same on both databases; what matches them
 * is the database's own full-text engine: FTS5 tables fed by triggers on SQLite, a generated
 * tsvector with a GIN index on PostgreSQL. Also the vocabulary (spelling correction, typeahead),
 * the pins waiting for a reindex job, and each member's recent searches.
 */
export function search(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') await createTextSearchConfiguration(db);
      await createDocumentTables(db, dialect);
      if (dialect === 'postgres') await addPostgresDocuments(db);
      else await addSqliteIndexes(db);
      await createVocabulary(db, dialect);
      await createRecentSearches(db);
      await indexExistingContent(db);
    },
  };
}

const bigint = 'bigint' as const;
const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');

/**
 * English stemming like FTS5's porter tokenizer and no stop words (FTS5 has none): a search for
 * "the office" must find the same pins on both databases.
 */
async function createTextSearchConfiguration(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TEXT SEARCH DICTIONARY corkboard_english_stem (TEMPLATE = snowball, LANGUAGE = english)`.execute(db);
  await sql`CREATE TEXT SEARCH CONFIGURATION corkboard_search (COPY = english)`.execute(db);
  await sql`ALTER TEXT SEARCH CONFIGURATION corkboard_search
    ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH corkboard_english_stem`.execute(db);
}

async function createDocumentTables(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('search_pins')
    .addColumn('pin_id', 'text', (c) => c.primaryKey().references('pins.id').onDelete('cascade'))
    .addColumn('title', 'text', text)
    .addColumn('description', 'text', text)
    .addColumn('boards', 'text', text)
    .addColumn('product', 'text', text)
    .addColumn('domain', 'text', text)
    .addColumn('terms', 'text', text)
    .addColumn('is_public', 'integer', (c) => c.notNull())
    .addColumn('is_video', 'integer', (c) => c.notNull())
    .addColumn('is_product', 'integer', (c) => c.notNull())
    .addColumn('price', dialect === 'postgres' ? 'double precision' : 'real')
    .addColumn('in_stock', 'integer')
    .addColumn('indexed_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('search_boards')
    .addColumn('board_id', 'text', (c) => c.primaryKey().references('boards.id').onDelete('cascade'))
    .addColumn('name', 'text', text)
    .addColumn('description', 'text', text)
    .execute();
  await db.schema
    .createTable('search_users')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('username', 'text', text)
    .addColumn('full_name', 'text', text)
    .execute();
  await db.schema
    .createTable('search_stale_pins')
    .addColumn('pin_id', 'text', (c) => c.primaryKey().references('pins.id').onDelete('cascade'))
    .addColumn('marked_at', bigint, (c) => c.notNull())
    .execute();
}

/** Pins stemmed (English); boards and people as typed, so a prefix of a word finds them. */
async function addPostgresDocuments(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE search_pins ADD COLUMN document tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('corkboard_search', title), 'A') ||
    setweight(to_tsvector('corkboard_search', boards), 'B') ||
    setweight(to_tsvector('corkboard_search', product), 'B') ||
    setweight(to_tsvector('corkboard_search', description), 'C') ||
    setweight(to_tsvector('corkboard_search', domain), 'D')) STORED`.execute(db);
  await sql`CREATE INDEX search_pins_document ON search_pins USING gin (document)`.execute(db);
  await sql`ALTER TABLE search_boards ADD COLUMN document tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', description), 'C')) STORED`.execute(db);
  await sql`CREATE INDEX search_boards_document ON search_boards USING gin (document)`.execute(db);
  await sql`ALTER TABLE search_users ADD COLUMN document tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', username), 'A') || setweight(to_tsvector('simple', full_name), 'A')) STORED`.execute(db);
  await sql`CREATE INDEX search_users_document ON search_users USING gin (document)`.execute(db);
}

/**
 * FTS5 tables without content of their own (the plain tables hold it), kept by triggers. Listed
 * pins (on a public board) and the others go to two tables, so the candidate cap of a search is
 * spent on pins anyone may see (docs/decisions/0018-search.md).
 */
async function addSqliteIndexes(db: Kysely<unknown>): Promise<void> {
  const pinColumns = 'title, boards, product, description, domain';
  for (const table of ['search_pins_public', 'search_pins_private']) {
    await sql
      .raw(`CREATE VIRTUAL TABLE ${table} USING fts5(${pinColumns}, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2')`)
      .execute(db);
  }
  const insertPin = (row: string) =>
    ['public', 'private']
      .map(
        (t) =>
          `INSERT INTO search_pins_${t}(rowid, ${pinColumns}) SELECT CAST(${row}.pin_id AS INTEGER), ${row}.title, ${row}.boards, ${row}.product, ${row}.description, ${row}.domain WHERE ${row}.is_public = ${t === 'public' ? 1 : 0};`,
      )
      .join('\n');
  const deletePin = (row: string) => ['public', 'private'].map((t) => `DELETE FROM search_pins_${t} WHERE rowid = CAST(${row}.pin_id AS INTEGER);`).join('\n');
  await sql.raw(`CREATE TRIGGER search_pins_ai AFTER INSERT ON search_pins BEGIN ${insertPin('new')} END`).execute(db);
  await sql.raw(`CREATE TRIGGER search_pins_ad AFTER DELETE ON search_pins BEGIN ${deletePin('old')} END`).execute(db);
  await sql.raw(`CREATE TRIGGER search_pins_au AFTER UPDATE ON search_pins BEGIN ${deletePin('old')} ${insertPin('new')} END`).execute(db);
  await addSqliteMirror(db, 'search_boards', 'board_id', ['name', 'description']);
  await addSqliteMirror(db, 'search_users', 'user_id', ['username', 'full_name']);
}

/** An FTS5 table of words as typed (with prefix indexes for typeahead) mirroring a plain table. */
async function addSqliteMirror(db: Kysely<unknown>, table: string, key: string, columns: string[]): Promise<void> {
  const fts = `${table}_fts`;
  const list = columns.join(', ');
  const values = (row: string) => columns.map((c) => `${row}.${c}`).join(', ');
  const insert = (row: string) => `INSERT INTO ${fts}(rowid, ${list}) VALUES (CAST(${row}.${key} AS INTEGER), ${values(row)});`;
  const remove = (row: string) => `DELETE FROM ${fts} WHERE rowid = CAST(${row}.${key} AS INTEGER);`;
  await sql
    .raw(`CREATE VIRTUAL TABLE ${fts} USING fts5(${list}, content='', contentless_delete=1, prefix='2 3', tokenize='unicode61 remove_diacritics 2')`)
    .execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_ai AFTER INSERT ON ${table} BEGIN ${insert('new')} END`).execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_ad AFTER DELETE ON ${table} BEGIN ${remove('old')} END`).execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_au AFTER UPDATE ON ${table} BEGIN ${remove('old')} ${insert('new')} END`).execute(db);
}

/**
 * The words of listed pins with how many hold each. Byte order ("C") on PostgreSQL, as SQLite
 * compares, so a prefix is a range of the primary key; `reversed` finds words by their ending.
 */
async function createVocabulary(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const bytes = dialect === 'postgres' ? sql`collate "C"` : sql``;
  await db.schema
    .createTable('search_terms')
    .addColumn('term', 'text', (c) => c.modifyFront(bytes).primaryKey())
    .addColumn('reversed', 'text', (c) => c.modifyFront(bytes).notNull())
    .addColumn('doc_count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_terms_reversed').on('search_terms').column('reversed').execute();
}

async function createRecentSearches(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('recent_searches')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('query_key', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('searched_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('recent_searches_pk', ['user_id', 'list', 'query_key'])
    .execute();
  await db.schema.createIndex('recent_searches_newest').on('recent_searches').columns(['user_id', 'list', 'searched_at']).execute();
}

/**
 * Content made before this migration: boards and members are indexed here (one short row each);
 * live pins are marked stale, so the reindex job builds them (src/server/search/stale-pins.ts)
 * and none is searchable half-built.
 */
async function indexExistingContent(db: Kysely<unknown>): Promise<void> {
  const now = Date.now();
  await sql`INSERT INTO search_stale_pins (pin_id, marked_at) SELECT id, ${now} FROM pins WHERE deleted_at IS NULL`.execute(db);
  for (let after = ''; ;) {
    const { rows } = await sql<{
      id: string;
      name: string;
      description: string;
    }>`SELECT id, name, description FROM boards WHERE id > ${after} ORDER BY id LIMIT 1000`.execute(db);
    for (const board of rows) {
      const d = boardDocument(board);
      await sql`INSERT INTO search_boards (board_id, name, description) VALUES (${d.board_id}, ${d.name}, ${d.description})`.execute(db);
    }
    const last = rows.at(-1);
    if (!last) break;
    after = last.id;
  }
  for (let after = ''; ;) {
    const { rows } = await sql<{
      id: string;
      username: string;
      first_name: string;
      last_name: string;
    }>`SELECT id, username, first_name, last_name FROM users WHERE id > ${after} ORDER BY id LIMIT 1000`.execute(db);
    for (const user of rows) {
      const d = userDocument(user);
      await sql`INSERT INTO search_users (user_id, username, full_name) VALUES (${d.user_id}, ${d.username}, ${d.full_name})`.execute(db);
    }
    const last = rows.at(-1);
    if (!last) break;
    after = last.id;
  }
}

/*
 * The documents of boards and members as this migration writes them, frozen: a copy of
 * boardDocument and userDocument (src/server/search/documents.ts) and of the folding they use
 * (src/server/search/search-text.ts) as they were when the import was removed. A migration must
 * write the same rows on every database it runs on, whatever the live search code becomes, so
 * it imports nothing but kysely and the database helpers (.dependency-cruiser.cjs,
 * migrations-frozen). Do not update this copy when the live code changes.
 */

const TOKEN_MAX_LENGTH = 40;
const MARKS = /\p{M}+/gu;
const IDEOGRAPHS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const WORD = /[\p{L}\p{N}]+/gu;

function foldText(value: string): string {
  return value.normalize('NFKD').toLowerCase().normalize('NFKD').replace(MARKS, '');
}

function tokenize(value: string): string[] {
  const spaced = foldText(value).replace(IDEOGRAPHS, ' $& ');
  return (spaced.match(WORD) ?? []).map((word) => Array.from(word).slice(0, TOKEN_MAX_LENGTH).join(''));
}

function documentField(value: string, maxTokens = 400): string {
  return tokenize(value).slice(0, maxTokens).join(' ');
}

function boardDocument(board: { id: string; name: string; description: string }): { board_id: string; name: string; description: string } {
  return { board_id: board.id, name: documentField(board.name), description: documentField(board.description) };
}

/** Both the words of a username (jane_doe → jane, doe) and the username run together (janedoe). */
function userDocument(user: { id: string; username: string; first_name: string; last_name: string }): {
  user_id: string;
  username: string;
  full_name: string;
} {
  const words = documentField(user.username);
  const fullName = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return { user_id: user.id, username: `${words} ${words.replaceAll(' ', '')}`.trim(), full_name: documentField(fullName) };
}
