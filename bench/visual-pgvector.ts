import crypto from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { migrate, openDatabase, type Db } from '../src/server/db/database.ts';
import { EMBEDDING_DIMENSIONS, embedEntry } from '../src/server/visual/neighbour-graph.ts';
import { NeighbourIndex } from '../src/server/visual/neighbour-index.ts';
import { createPgvectorCandidates } from '../src/server/visual/pgvector-candidates.repo.ts';
import { ensureVisualVectorIndexes, ensureVisualVectors, visualVectorCount } from '../src/server/visual/visual-vectors.repo.ts';

/**
 * The same approximate search with its candidates from PostgreSQL's pgvector (VISUAL_INDEX=pgvector,
 * decision 0032) instead of this process's graph: the collection's embeddings written to
 * `visual_vectors` of a database made for the run (as the triggers would write them: a contract
 * test holds the two equal), its HNSW index built, then the same queries. Null when no PostgreSQL
 * with pgvector answers at TEST_DATABASE_URL (or the local default).
 */
const ADMIN_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const INSERT_BATCH = 1000;

export type PgvectorRun = { index: NeighbourIndex; buildSeconds: number; close(): Promise<void> };

export async function pgvectorIndex(features: readonly Buffer[], exactScanUpTo: number): Promise<PgvectorRun | null> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const { rows } = await admin.query("select 1 from pg_available_extensions where name = 'vector'");
  if (rows.length === 0) {
    await admin.end();
    return null;
  }
  const name = `corkboard_bench_${crypto.randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  // The first build of an index this size fits in memory only with more than the default 64 MB.
  await admin.query(`alter database ${name} set maintenance_work_mem = '1GB'`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = openDatabase({ kind: 'postgres', url: url.toString() });
  const close = async () => {
    await handle.db.destroy();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  try {
    await migrate(handle);
    await ensureVisualVectors(handle.db);
    const index = new NeighbourIndex({ exactScanUpTo, shared: { candidates: createPgvectorCandidates(handle.db), ready: () => true } });
    features.forEach((entry, i) => {
      index.set(BigInt(1_000_000 + i), { features: entry, flags: 0 });
    });
    const start = performance.now();
    await insertEmbeddings(handle.db, index);
    await ensureVisualVectorIndexes(handle.db);
    const buildSeconds = (performance.now() - start) / 1000;
    if ((await visualVectorCount(handle.db)) !== features.length) throw new Error('Not every embedding was written');
    return { index, buildSeconds, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function insertEmbeddings(db: Db, index: NeighbourIndex): Promise<void> {
  const { table } = index;
  const vector = new Float32Array(EMBEDDING_DIMENSIONS);
  for (let first = 0; first < table.size; first += INSERT_BATCH) {
    const rows = [];
    for (let slot = first; slot < Math.min(table.size, first + INSERT_BATCH); slot++) {
      embedEntry(table, slot, vector, 0);
      rows.push(sql`(${String(table.ids[slot])}, false, cast(${`[${vector.join(',')}]`} as halfvec))`);
    }
    await sql`insert into visual_vectors (pin_id, product, embedding) values ${sql.join(rows)}`.execute(db);
  }
}
