import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import { EMBEDDING_DIMENSIONS, HASH_SCALE } from './neighbour-graph.ts';

/**
 * The pictures' embeddings kept by PostgreSQL with pgvector (decision 0032), for VISUAL_INDEX=pgvector:
 * one row per indexable image pin in `visual_vectors`, written by triggers in the same
 * transaction as the pin, its media or its source page changes, so every node reads one index
 * that is never behind a commit, and none builds a graph of its own. Which pins have a row is
 * `entryOf`'s rule (visual.repo.ts) in SQL; the embedding is `embed`'s (neighbour-graph.ts) in SQL,
 * stored as halfvec (256 bytes). A contract test holds both equal to the TypeScript.
 *
 * Set up at start, idempotently, under an advisory lock (several nodes may start at once). The
 * table, functions, triggers and the backfill commit together; the HNSW indexes are built after,
 * CONCURRENTLY, so pins can be written while a large collection is indexed; until they are, visual
 * search scans this node's feature table as it does below VISUAL_EXACT_SCAN_UP_TO.
 */
const SETUP_LOCK = 7_310_525_632;

export class PgvectorUnavailable extends Error {}

/** The table, its functions and triggers, filled if new; refused clearly when pgvector is missing. */
export async function ensureVisualVectors(db: Db): Promise<void> {
  await requireExtension(db);
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SETUP_LOCK})`.execute(trx);
    const created = !(await tableExists(trx));
    for (const statement of SCHEMA) await statement.execute(trx);
    if (created) await BACKFILL.execute(trx);
  });
}

const INDEXES = [
  { name: 'visual_vectors_all', where: sql`` },
  { name: 'visual_vectors_products', where: sql`where product` },
];

/** Held by the node building the indexes. */
export const INDEX_BUILD_LOCK = SETUP_LOCK + 1;
/** How often a node waiting for another's index build asks again. */
const BUILD_POLL_MS = 250;

/**
 * The HNSW indexes, every picture and products alone. Built by one node at a time (a session lock:
 * another node waits, then finds them built); an index left invalid by a build that failed is
 * dropped and built again. CONCURRENTLY: writes go on meanwhile, and no transaction may hold it.
 * The lock is tried, not waited for: a CONCURRENTLY build waits for every statement under way,
 * a waiting pg_advisory_lock included, which would deadlock with the build holding the lock.
 * False when `stopped` (the node closing) ended the wait before this node had its turn.
 */
export async function ensureVisualVectorIndexes(db: Db, stopped: () => boolean = () => false): Promise<boolean> {
  return db.connection().execute(async (connection) => {
    const locked = async () =>
      (await sql<{ locked: boolean }>`select pg_try_advisory_lock(${INDEX_BUILD_LOCK}) as locked`.execute(connection)).rows[0]?.locked === true;
    while (!(await locked())) {
      if (stopped()) return false;
      await new Promise((resolve) => setTimeout(resolve, BUILD_POLL_MS));
    }
    try {
      for (const { name, where } of INDEXES) {
        const { rows } = await sql<{ valid: boolean }>`select i.indisvalid as valid from pg_index i where i.indexrelid = to_regclass(${name})`.execute(
          connection,
        );
        if (rows[0]?.valid === false) await sql`drop index concurrently ${sql.id(name)}`.execute(connection);
        await sql`create index concurrently if not exists ${sql.id(name)} on visual_vectors using hnsw (embedding halfvec_l2_ops) ${where}`.execute(connection);
      }
      return true;
    } finally {
      await sql`select pg_advisory_unlock(${INDEX_BUILD_LOCK})`.execute(connection);
    }
  });
}

async function requireExtension(db: Db): Promise<void> {
  const { rows } = await sql<{ installed: string | null; available: string | null }>`
    select (select extversion from pg_extension where extname = 'vector') as installed,
           (select default_version from pg_available_extensions where name = 'vector') as available`.execute(db);
  const found = rows[0];
  if (found?.installed) return;
  if (!found?.available) {
    throw new PgvectorUnavailable(
      'VISUAL_INDEX=pgvector needs the pgvector extension on the PostgreSQL server, and it is not installed there (README, "Visual search at scale").',
    );
  }
  try {
    await sql`create extension if not exists vector`.execute(db);
  } catch (error) {
    throw new PgvectorUnavailable(
      `VISUAL_INDEX=pgvector: this database role may not create the pgvector extension; an administrator can run "CREATE EXTENSION vector" in this database once (${String(error)})`,
    );
  }
}

async function tableExists(db: Db): Promise<boolean> {
  const { rows } = await sql<{ found: string | null }>`select to_regclass('visual_vectors')::text as found`.execute(db);
  return Boolean(rows[0]?.found);
}

/** The rows `entryOf` indexes: live image pins whose media is ready with readable features (version 1, 73 bytes). */
const INDEXED = sql`
  from pins p
  join media m on m.id = p.media_id
  left join pin_sources s on s.pin_id = p.id
  where p.deleted_at is null and p.kind = 'image' and m.status = 'ready'
    and length(m.features) = 73 and get_byte(m.features, 0) = 1`;

const ROW = sql`select cast(p.id as bigint), visual_is_product(s.rich_metadata), visual_embedding(m.features)`;

const SCHEMA: RawBuilder<unknown>[] = [
  sql`create table if not exists visual_vectors (
    pin_id bigint primary key,
    product boolean not null,
    embedding halfvec(${sql.raw(String(EMBEDDING_DIMENSIONS))}) not null)`,
  // The media trigger finds a picture's pins by it.
  sql`create index if not exists pins_media on pins (media_id)`,
  /*
   * embed(): each hash bit, most significant first, as ±HASH_SCALE (get_bit numbers a byte's bits
   * from its least significant), then the histogram's bytes divided by their Euclidean norm.
   */
  sql`create or replace function visual_embedding(features bytea) returns halfvec
    language sql immutable strict parallel safe as $$
      select array_cat(
        array(select case get_bit(features, 8 * (1 + b / 8) + 7 - b % 8) when 1 then ${sql.raw(String(HASH_SCALE))} else ${sql.raw(String(-HASH_SCALE))} end
              from generate_series(0, 63) as b order by b),
        array(select case when n.norm = 0 then 0 else get_byte(features, 9 + i) / n.norm end
              from generate_series(0, 63) as i order by i)
      )::real[]::halfvec
      from (select sqrt(sum(get_byte(features, 9 + j) ^ 2)) as norm from generate_series(0, 63) as j) as n
    $$`,
  // isProduct(): the source page's rich metadata is JSON whose `product` is an object (or array); bad JSON is no product.
  sql`create or replace function visual_is_product(rich_metadata text) returns boolean
    language plpgsql immutable parallel safe as $$
    begin
      return rich_metadata is not null and coalesce(jsonb_typeof(rich_metadata::jsonb -> 'product') in ('object', 'array'), false);
    exception when others then
      return false;
    end $$`,
  sql`create or replace function visual_vectors_refresh(ids text[]) returns void
    language plpgsql as $$
    begin
      delete from visual_vectors where pin_id = any(ids::bigint[]);
      insert into visual_vectors (pin_id, product, embedding) ${ROW} ${INDEXED} and p.id = any(ids);
    end $$`,
  // The pin a row names is in the column the trigger passes: pins.id, pin_sources.pin_id.
  sql`create or replace function visual_vectors_row_changed() returns trigger
    language plpgsql as $$
    begin
      perform visual_vectors_refresh(array[coalesce(to_jsonb(new), to_jsonb(old)) ->> tg_argv[0]]);
      return null;
    end $$`,
  sql`create or replace function visual_vectors_media_changed() returns trigger
    language plpgsql as $$
    begin
      perform visual_vectors_refresh(array(select id from pins where media_id = coalesce(new.id, old.id)));
      return null;
    end $$`,
  sql`create or replace trigger visual_vectors_pins after insert or delete or update of deleted_at, kind, media_id on pins
    for each row execute function visual_vectors_row_changed('id')`,
  sql`create or replace trigger visual_vectors_sources after insert or delete or update of rich_metadata on pin_sources
    for each row execute function visual_vectors_row_changed('pin_id')`,
  sql`create or replace trigger visual_vectors_media after delete or update of status, features on media
    for each row execute function visual_vectors_media_changed()`,
];

const BACKFILL = sql`insert into visual_vectors (pin_id, product, embedding) ${ROW} ${INDEXED}`;

/** How many rows the table holds (tests and the bench). */
export async function visualVectorCount(db: Db): Promise<number> {
  const { rows } = await sql<{ count: number }>`select count(*)::int as count from visual_vectors`.execute(db);
  return rows[0]?.count ?? 0;
}
