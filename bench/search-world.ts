import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import sharp from 'sharp';
import type { Actor } from '../src/server/access/actor.ts';
import { createBoard } from '../src/server/boards/boards.service.ts';
import { loadConfig } from '../src/server/config.ts';
import { ID_EPOCH_MS } from '../src/server/db/ids.ts';
import { ingestImage } from '../src/server/media/media.service.ts';
import { createPin } from '../src/server/pins/pins.service.ts';
import { createPrng, nextFloat, type Prng } from '../src/server/recs/prng.ts';
import { pinDocument, termDeltas, userDocument } from '../src/server/search/documents.ts';
import { languageOfLocale } from '../src/server/search/stemming.ts';
import { reversed } from '../src/server/search/search-text.ts';
import { createServer } from '../src/server/server.ts';
import { createClient } from '../tests/support/app.ts';

/**
 * A million-pin world for the search benchmark, built once into a folder under the system's
 * temporary directory and reused while its version stands. The bench member, their boards and a
 * template of each row are made through the services; the rest is bulk-inserted from those
 * templates in big transactions, each pin's search document made by the index's own code. Words
 * follow Zipf's law over a made-up vocabulary with English inflections; creators write in the main
 * locales.
 */
/** BENCH_SEARCH_PINS sets another size (a quick trial run). */
export const WORLD = {
  pins: Number(process.env['BENCH_SEARCH_PINS'] ?? 1_000_000),
  creators: 20_000,
  boardsPerCreator: 2,
  vocabulary: 30_000,
  secretPins: 100,
  version: 4,
} as const;
export const MEMBER = { email: 'bench-search@example.com', password: 'correct horse battery' } as const;

export type World = { dataDir: string; vocabulary: Zipf };

export function worldDir(): string {
  return path.join(os.tmpdir(), `corkboard-bench-search-${String(WORLD.pins)}-v${String(WORLD.version)}`);
}

/** Words of made-up syllables, the commonest first, drawn by Zipf's law (exponent 1). */
export class Zipf {
  readonly words: string[];
  private readonly cumulative: Float64Array;

  constructor(size: number, seed: number) {
    const rng = createPrng(seed);
    const seen = new Set<string>();
    while (seen.size < size) seen.add(madeUpWord(rng));
    this.words = [...seen];
    this.cumulative = new Float64Array(size);
    let sum = 0;
    for (let i = 0; i < size; i++) this.cumulative[i] = sum += 1 / (i + 1);
  }

  draw(rng: Prng): string {
    const target = nextFloat(rng) * (this.cumulative[this.cumulative.length - 1] ?? 0);
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] ?? 0) < target) lo = mid + 1;
      else hi = mid;
    }
    return this.words[lo] ?? '';
  }

  /** `count` words, a fifth of them inflected as English text would have them. */
  text(rng: Prng, count: number): string {
    return Array.from({ length: count }, () => {
      const word = this.draw(rng);
      const roll = nextFloat(rng);
      return roll < 0.1 ? `${word}s` : roll < 0.15 ? `${word}ing` : roll < 0.2 ? `${word}ed` : word;
    }).join(' ');
  }
}

const ONSETS = ['b', 'c', 'd', 'f', 'g', 'h', 'j', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'w', 'z', 'br', 'ch', 'cr', 'fl', 'gr', 'pl', 'sh', 'st', 'tr'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou'];
const CODAS = ['', '', '', 'n', 'r', 'l', 'm', 'st', 'nd', 'ck'];
const pick = <T>(rng: Prng, items: readonly T[]): T => items[Math.floor(nextFloat(rng) * items.length)] as T;

function madeUpWord(rng: Prng): string {
  const syllables = 1 + Math.floor(nextFloat(rng) * 3);
  let word = '';
  for (let i = 0; i < syllables; i++) word += pick(rng, ONSETS) + pick(rng, VOWELS);
  return word + pick(rng, CODAS);
}

const LOCALES = ['en_US', 'en_US', 'en_US', 'en_GB', 'fr', 'de', 'es_ES', 'pt_BR', 'it', 'nl'];

/** The world, built now if no finished one is cached. */
export async function ensureWorld(log: (line: string) => void): Promise<World> {
  const dataDir = worldDir();
  const vocabulary = new Zipf(WORLD.vocabulary, 11);
  const done = path.join(dataDir, 'built.json');
  if (fs.existsSync(done)) return { dataDir, vocabulary };
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const started = performance.now();
  const made = await makeMember(dataDir, vocabulary);
  const db = new DatabaseSync(path.join(dataDir, 'corkboard.db'));
  db.exec('PRAGMA synchronous = OFF');
  db.exec('PRAGMA foreign_keys = OFF');
  bulkInsert(db, templatesOf(db, made), vocabulary, log);
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
  fs.writeFileSync(done, JSON.stringify({ world: WORLD, builtAt: new Date().toISOString() }));
  log(`built ${WORLD.pins.toLocaleString('en')} pins in ${((performance.now() - started) / 1000).toFixed(0)} s into ${dataDir}`);
  return { dataDir, vocabulary };
}

type Row = Record<string, SQLInputValue>;
type Templates = { user: Row; profile: Row; board: Row; pin: Row; save: Row };
type Made = { memberId: string; boardId: string; pinId: string };

/** The bench member with a public board holding one pin and a secret board of their own pins, made by the services. */
async function makeMember(dataDir: string, vocabulary: Zipf): Promise<Made> {
  const server = await createServer(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO: 'off' }), undefined, { recommends: false });
  try {
    await createClient(server.app).signUp(MEMBER.email, MEMBER.password);
    const { deps } = server;
    const { id: memberId } = await deps.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const actor: Actor = {
      kind: 'token',
      userId: memberId,
      tokenId: 'bench',
      scopes: ['pins:write', 'boards:write', 'pins:write_secret', 'boards:write_secret', 'boards:read_secret', 'pins:read_secret'],
    };
    const png = await sharp({ create: { width: 64, height: 96, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    const media = await ingestImage(deps, actor, png, { inline: true });
    const board = await createBoard(deps, actor, { name: 'Bench board', privacy: 'public' });
    const secret = await createBoard(deps, actor, { name: 'Bench secret', privacy: 'secret' });
    const rng = createPrng(5);
    const { pin } = await createPin(deps, actor, { board_id: board.id, media_id: media.id, title: vocabulary.text(rng, 4) });
    for (let i = 0; i < WORLD.secretPins; i++) await createPin(deps, actor, { board_id: secret.id, media_id: media.id, title: vocabulary.text(rng, 5) });
    return { memberId, boardId: board.id, pinId: pin.id };
  } finally {
    await server.close();
  }
}

/** One row of each kind the services made, to copy. */
function templatesOf(db: DatabaseSync, made: Made): Templates {
  const row = (table: string, column: string, value: string): Row => {
    const found = db.prepare(`SELECT * FROM ${table} WHERE ${column} = ?`).get(value);
    if (!found) throw new Error(`No ${table} row to copy`);
    return found;
  };
  return {
    user: row('users', 'id', made.memberId),
    profile: row('user_profiles', 'user_id', made.memberId),
    board: row('boards', 'id', made.boardId),
    pin: row('pins', 'id', made.pinId),
    save: row('board_pins', 'pin_id', made.pinId),
  };
}

function inserter(db: DatabaseSync, table: string, template: Row): (values: Row) => void {
  const columns = Object.keys(template);
  const statement = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  return (values) => {
    const row = { ...template, ...values };
    statement.run(...columns.map((c) => row[c] ?? null));
  };
}

/** An id as the id generator makes them at `ms`, node 1, `sequence` within the millisecond. */
function idAt(ms: number, sequence: number): string {
  return ((BigInt(ms - ID_EPOCH_MS) << 22n) | (1n << 12n) | BigInt(sequence % 4096)).toString();
}

function bulkInsert(db: DatabaseSync, t: Templates, vocabulary: Zipf, log: (line: string) => void): void {
  const rng = createPrng(7);
  const insertUser = inserter(db, 'users', t.user);
  const insertProfile = inserter(db, 'user_profiles', t.profile);
  const insertUserDoc = db.prepare('INSERT INTO search_users (user_id, username, full_name) VALUES (?, ?, ?)');
  const insertBoard = inserter(db, 'boards', t.board);
  const insertBoardDoc = db.prepare('INSERT INTO search_boards (board_id, name, description) VALUES (?, ?, ?)');
  const insertPin = inserter(db, 'pins', t.pin);
  const insertSave = inserter(db, 'board_pins', t.save);
  const docColumns = [
    'pin_id',
    'title',
    'description',
    'boards',
    'product',
    'domain',
    'terms',
    'is_public',
    'is_video',
    'is_product',
    'price',
    'in_stock',
    'save_count',
    'created_at',
    'indexed_at',
  ] as const;
  const insertDoc = db.prepare(`INSERT INTO search_pins (${docColumns.join(', ')}) VALUES (${docColumns.map(() => '?').join(', ')})`);
  const start = Date.now() - 2 * 365 * 86_400_000;
  const creators: { id: string; locale: string; boards: { id: string; name: string }[] }[] = [];
  db.exec('BEGIN');
  for (let c = 0; c < WORLD.creators; c++) {
    const id = idAt(start - 86_400_000 + c, 0);
    const username = `maker${String(c)}`;
    const locale = pick(rng, LOCALES);
    insertUser({ id, username, email: `${username}@example.com`, locale, first_name: vocabulary.draw(rng), last_name: vocabulary.draw(rng) });
    insertProfile({ user_id: id, follower_count: Math.floor(1 / Math.max(1e-4, nextFloat(rng))) });
    const doc = userDocument({ id, username, first_name: '', last_name: '' });
    insertUserDoc.run(doc.user_id, doc.username, doc.full_name);
    const boards = Array.from({ length: WORLD.boardsPerCreator }, (_, b) => {
      const board = { id: idAt(start - 43_200_000 + c * WORLD.boardsPerCreator + b, 0), name: vocabulary.text(rng, 2) };
      insertBoard({ id: board.id, owner_id: id, name: board.name, slug: `board-${String(b)}`, pin_count: 0, sectionless_pin_count: 0 });
      insertBoardDoc.run(board.id, board.name, '');
      return board;
    });
    creators.push({ id, locale, boards });
  }
  db.exec('COMMIT');
  const terms = new Map<string, number>();
  const perBoard = new Map<string, number>();
  const now = Date.now();
  const spacing = (now - start) / WORLD.pins;
  for (let i = 0; i < WORLD.pins; i++) {
    if (i % 50_000 === 0) db.exec('BEGIN');
    const creator = pick(rng, creators);
    const board = pick(rng, creator.boards);
    const createdAt = Math.floor(start + i * spacing);
    const id = idAt(createdAt, i);
    const title = vocabulary.text(rng, 3 + Math.floor(nextFloat(rng) * 5));
    const description = nextFloat(rng) < 0.6 ? vocabulary.text(rng, 5 + Math.floor(nextFloat(rng) * 15)) : '';
    insertPin({ id, creator_id: creator.id, title, description, created_at: createdAt, updated_at: createdAt, save_count: 1 });
    insertSave({ id: idAt(createdAt, i + 1), pin_id: id, board_id: board.id, section_id: null, saved_by: creator.id, created_at: createdAt });
    perBoard.set(board.id, (perBoard.get(board.id) ?? 0) + 1);
    const pin = { id, title, description, domain: null, kind: 'image' as const, is_unsafe: 0 as const, deleted_at: null, save_count: 1, created_at: createdAt };
    const doc = pinDocument({ pin, publicPlaces: [board.name], richMetadata: null, language: languageOfLocale(creator.locale) }, now);
    if (!doc) continue;
    insertDoc.run(...docColumns.map((c) => doc[c]));
    for (const [term, delta] of termDeltas([{ before: null, after: doc }])) terms.set(term, (terms.get(term) ?? 0) + delta);
    if (i % 50_000 === 49_999) {
      db.exec('COMMIT');
      log(`  ${String(i + 1)} pins`);
    }
  }
  if (db.isTransaction) db.exec('COMMIT');
  db.exec('BEGIN');
  const setCount = db.prepare('UPDATE boards SET pin_count = ?, sectionless_pin_count = ? WHERE id = ?');
  for (const [boardId, count] of perBoard) setCount.run(count, count, boardId);
  const insertTerm = db.prepare(
    'INSERT INTO search_terms (term, reversed, doc_count) VALUES (?, ?, ?) ON CONFLICT (term) DO UPDATE SET doc_count = doc_count + excluded.doc_count',
  );
  for (const [term, count] of terms) insertTerm.run(term, reversed(term), count);
  db.exec('COMMIT');
}
