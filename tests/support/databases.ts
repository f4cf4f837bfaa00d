import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../../src/server/config.ts';
import { migrate, openDatabase } from '../../src/server/db/database.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

const ADMIN_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let postgresAnswers: Promise<boolean> | undefined;

/** PostgreSQL runs when TEST_DATABASE_URL is set or a local server answers; CI requires it. */
async function postgresAvailable(): Promise<boolean> {
  postgresAnswers ??= (async () => {
    const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch (error) {
      if (process.env['CI'] || process.env['TEST_DATABASE_URL']) throw error;
      return false;
    }
  })();
  return postgresAnswers;
}

/** The databases every contract suite runs against, decided once before the suites are defined. */
export const databaseKinds: DatabaseKind[] = (await postgresAvailable()) ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * Whether the PostgreSQL server offers pgvector (VISUAL_INDEX=pgvector, decision 0032); CI
 * installs it (.ci/install-pgvector), so there its absence is an error, not a skip.
 */
async function pgvectorOffered(): Promise<boolean> {
  if (!databaseKinds.includes('postgres')) return false;
  const { rows } = await asAdmin((client) => client.query("select 1 from pg_available_extensions where name = 'vector'"));
  if (rows.length === 0 && process.env['CI']) throw new Error('CI needs pgvector on the PostgreSQL server: .ci/install-pgvector installs it');
  return rows.length > 0;
}

/** Runs statements on the server's administrative connection (roles, ownership). */
export async function asAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export const pgvectorAvailable = await pgvectorOffered();

export type TestDatabase = { database: Config['database']; dataDir: string; drop(): Promise<void> };

/**
 * A fresh database of the given kind (and a fresh data folder beside it): empty, or with every
 * migration applied (`migrated`), copied from a template so that each suite does not run them all
 * again. The template is made once per version of the migrations and reused by every test file.
 */
export async function createTestDatabase(kind: DatabaseKind, { migrated = false } = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-test-'));
  const removeDir = () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  if (kind === 'sqlite') {
    const file = path.join(dataDir, 'test.db');
    if (migrated) fs.copyFileSync(await sqliteTemplate(), file);
    return {
      database: { kind: 'sqlite', file },
      dataDir,
      drop: () => {
        removeDir();
        return Promise.resolve();
      },
    };
  }
  const name = `corkboard_test_${crypto.randomBytes(6).toString('hex')}`;
  const template = migrated ? await postgresTemplate() : null;
  await asAdmin((client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    database: { kind: 'postgres', url: url.toString() },
    dataDir,
    drop: async () => {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      // A closed pool's connections take a moment to leave; dropping under them makes their
      // last query fail in a background client, so wait for them first (FORCE is the backstop).
      for (let waited = 0; waited < 5000; waited += 20) {
        const { rows } = await client.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [name]);
        if (Number(rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      removeDir();
    },
  };
}

const DB_SOURCES = path.resolve(import.meta.dirname, '../../src/server/db');

/** Names the migrations as they are now: a change to any of them (or their list) makes new templates. */
function migrationsVersion(): string {
  const hash = crypto.createHash('sha256');
  const files = [
    'database.ts',
    ...fs
      .readdirSync(path.join(DB_SOURCES, 'migrations'))
      .sort()
      .map((f) => path.join('migrations', f)),
  ];
  for (const file of files) hash.update(file).update(fs.readFileSync(path.join(DB_SOURCES, file)));
  return hash.digest('hex').slice(0, 12);
}

/** A migrated SQLite file in the temp folder; made under a temporary name and renamed, so concurrent files never see half of one. */
async function sqliteTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), `corkboard-template-${migrationsVersion()}.db`);
  if (fs.existsSync(file)) return file;
  const building = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  const handle = openDatabase({ kind: 'sqlite', file: building });
  await migrate(handle);
  await handle.db.destroy();
  fs.renameSync(building, file);
  return file;
}

/** A migrated PostgreSQL database to copy; one test file makes it while the others wait on an advisory lock. */
async function postgresTemplate(): Promise<string> {
  const name = `corkboard_template_${migrationsVersion()}`;
  const exists = async (client: pg.Client) => (await client.query('select 1 from pg_database where datname = $1', [name])).rows.length > 0;
  return asAdmin(async (client) => {
    if (await exists(client)) return name;
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      if (await exists(client)) return name;
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      const url = new URL(ADMIN_URL);
      url.pathname = `/${building}`;
      const handle = openDatabase({ kind: 'postgres', url: url.toString() });
      await migrate(handle);
      await handle.db.destroy();
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return name;
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
}
