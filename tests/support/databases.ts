import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../../src/server/config.ts';

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

/** A fresh, empty database of the given kind (and a fresh data folder beside it). */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-test-'));
  const removeDir = () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  if (kind === 'sqlite') {
    return {
      database: { kind: 'sqlite', file: path.join(dataDir, 'test.db') },
      dataDir,
      drop: () => {
        removeDir();
        return Promise.resolve();
      },
    };
  }
  const name = `corkboard_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
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
