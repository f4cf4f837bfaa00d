import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../../src/server/db/schema/boards-and-pins.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { ingestImage } from '../../../src/server/media/media.service.ts';
import { createPin, deletePin } from '../../../src/server/pins/pins.service.ts';
import { createServer } from '../../../src/server/server.ts';
import { PRODUCT, queryOf } from '../../../src/server/visual/feature-table.ts';
import { embedQuery } from '../../../src/server/visual/neighbour-graph.ts';
import { readPinEntries } from '../../../src/server/visual/visual.repo.ts';
import { ensureVisualVectorIndexes, ensureVisualVectors, INDEX_BUILD_LOCK, visualVectorCount } from '../../../src/server/visual/visual-vectors.repo.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { asAdmin, createTestDatabase, pgvectorAvailable } from '../../support/databases.ts';
import { makeBoard, makeProductPin, makeUser, type TestUser } from '../../support/factories.ts';
import { photo, pinOfPicture } from './helpers.ts';

/*
 * The vectors PostgreSQL keeps for VISUAL_INDEX=pgvector (decision 0032) are written by triggers
 * in SQL, so they are held here to the TypeScript they restate: exactly the pins `entryOf`
 * indexes, flagged as products as it flags them, with `embed`'s embedding, after every kind of
 * change, and nothing left of a commit that failed.
 */
type VectorRow = { id: string; product: boolean; embedding: string };

/** halfvec keeps 11 significant bits: components of at most 1 come back within 5e-4. */
const HALF_PRECISION = 5e-4;

describe.runIf(pgvectorAvailable)('visual vectors kept by PostgreSQL (pgvector)', () => {
  let t: TestApp;
  let alice: TestUser;
  let board: Board;
  const pinIds: string[] = [];

  beforeAll(async () => {
    // Started without pgvector: the pins made first are there before the table, as on an instance switching over.
    t = await startTestApp('postgres', { worker: false });
    alice = await makeUser(t.deps, 'alice');
    board = await makeBoard(t.deps, alice, { name: 'Pictures' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function expectVectorsMatchEntries(): Promise<void> {
    const entries = await readPinEntries(t.deps.db, pinIds);
    const { rows } = await sql<VectorRow>`select pin_id::text as id, product, embedding::text as embedding from visual_vectors order by pin_id`.execute(
      t.deps.db,
    );
    const indexed = entries.flatMap((e) => (e.state === 'indexed' ? [e] : []));
    expect(rows.map((r) => r.id).sort()).toEqual(indexed.map((e) => e.id).sort());
    for (const entry of indexed) {
      const row = rows.find((r) => r.id === entry.id);
      expect(row?.product, entry.id).toBe((entry.entry.flags & PRODUCT) !== 0);
      const stored = JSON.parse(row?.embedding ?? '[]') as number[];
      const expected = Array.from(embedQuery(queryOf(entry.entry.features)));
      expect(stored).toHaveLength(expected.length);
      stored.forEach((value, i) => {
        expect(Math.abs(value - (expected[i] ?? NaN)), `${entry.id} [${String(i)}]`).toBeLessThanOrEqual(HALF_PRECISION);
      });
    }
  }

  it('fills from the pins already there, then follows each change in the commit that makes it', async () => {
    const plain = await pinOfPicture(t.deps, alice, board, await photo(1), 'Plain');
    const product = await makeProductPin(t.deps, alice, board, 'Lamp', { price: '20', availability: 'InStock', domain: 'lamps.example.com' }, await photo(2));
    const deleted = await pinOfPicture(t.deps, alice, board, await photo(3), 'Deleted');
    await deletePin(t.deps, alice.actor, deleted.id);
    pinIds.push(plain.id, product.id, deleted.id);

    await ensureVisualVectors(t.deps.db);
    await expectVectorsMatchEntries();
    expect(await visualVectorCount(t.deps.db)).toBe(2);

    // A new pin; one whose upload is still processing, then ready; a deletion; a source page rewritten.
    const added = await pinOfPicture(t.deps, alice, board, await photo(4), 'Added');
    const queued = await ingestImage(t.deps, alice.actor, await photo(5));
    const waiting = (await createPin(t.deps, alice.actor, { board_id: board.id, section_id: null, media_id: queued.id, title: 'Waiting' })).pin;
    pinIds.push(added.id, waiting.id);
    await expectVectorsMatchEntries();
    expect(await visualVectorCount(t.deps.db)).toBe(3);

    const ready = await t.deps.db
      .selectFrom('media')
      .select(['features', 'images'])
      .where('id', '=', await mediaIdOf(added.id))
      .executeTakeFirstOrThrow();
    await t.deps.db.updateTable('media').set({ status: 'ready', features: ready.features, images: ready.images }).where('id', '=', queued.id).execute();
    await deletePin(t.deps, alice.actor, plain.id);
    await t.deps.db.updateTable('pin_sources').set({ rich_metadata: '{"product": not json' }).where('pin_id', '=', product.id).execute();
    await expectVectorsMatchEntries();
    expect(await visualVectorCount(t.deps.db)).toBe(3);

    // A product again (as a list, which isProduct takes too); a pin's row removed outright; a picture that failed.
    await t.deps.db.updateTable('pin_sources').set({ rich_metadata: '{"product": [{"name": "Lamp"}]}' }).where('pin_id', '=', product.id).execute();
    await t.deps.db.deleteFrom('pins').where('id', '=', added.id).execute();
    await t.deps.db.updateTable('media').set({ status: 'failed' }).where('id', '=', queued.id).execute();
    await expectVectorsMatchEntries();
    expect(await sql<{ n: number }>`select count(*)::int as n from visual_vectors where product`.execute(t.deps.db)).toMatchObject({ rows: [{ n: 1 }] });
  });

  it('keeps nothing of a pin whose commit fails', async () => {
    const media = await ingestImage(t.deps, alice.actor, await photo(6), { inline: true });
    const before = await visualVectorCount(t.deps.db);
    const failing = createPin(t.deps, alice.actor, { board_id: board.id, section_id: null, media_id: media.id, title: 'Never' }, () => {
      throw new Error('the commit fails after the pin is written');
    });
    await expect(failing).rejects.toThrow('the commit fails');
    expect(await t.deps.db.selectFrom('pins').select('id').where('title', '=', 'Never').execute()).toEqual([]);
    expect(await visualVectorCount(t.deps.db)).toBe(before);
  });

  it('is set up once when several nodes start together', async () => {
    const before = await visualVectorCount(t.deps.db);
    await Promise.all([ensureVisualVectors(t.deps.db), ensureVisualVectors(t.deps.db), ensureVisualVectors(t.deps.db)]);
    expect(await visualVectorCount(t.deps.db)).toBe(before);
    await expectVectorsMatchEntries();
  });

  async function mediaIdOf(pinId: string): Promise<string> {
    const { media_id } = await t.deps.db.selectFrom('pins').select('media_id').where('id', '=', pinId).executeTakeFirstOrThrow();
    if (!media_id) throw new Error('The pin has no media');
    return media_id;
  }

  it('builds its indexes one node at a time, and again when a build was left invalid', async () => {
    const validity = async () =>
      (
        await sql<{
          name: string;
          valid: boolean;
        }>`select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where i.indrelid = to_regclass('visual_vectors') and c.relname <> 'visual_vectors_pkey' order by 1`.execute(
          t.deps.db,
        )
      ).rows;
    await ensureVisualVectors(t.deps.db);
    await Promise.all([ensureVisualVectorIndexes(t.deps.db), ensureVisualVectorIndexes(t.deps.db)]);
    const built = [
      { name: 'visual_vectors_all', valid: true },
      { name: 'visual_vectors_products', valid: true },
    ];
    expect(await validity()).toEqual(built);
    // What a failed CREATE INDEX CONCURRENTLY leaves: the index, marked invalid.
    await sql`update pg_index set indisvalid = false where indexrelid = to_regclass('visual_vectors_all')`.execute(t.deps.db);
    await ensureVisualVectorIndexes(t.deps.db);
    expect(await validity()).toEqual(built);
  });

  it("stops waiting for another node's index build when this node closes", async () => {
    await ensureVisualVectors(t.deps.db);
    await t.deps.db.connection().execute(async (other) => {
      await sql`select pg_advisory_lock(${INDEX_BUILD_LOCK})`.execute(other);
      try {
        let closing = false;
        const waiting = ensureVisualVectorIndexes(t.deps.db, () => closing);
        await new Promise((resolve) => setTimeout(resolve, 300));
        closing = true;
        expect(await waiting).toBe(false);
      } finally {
        await sql`select pg_advisory_unlock(${INDEX_BUILD_LOCK})`.execute(other);
      }
    });
  });

  it('stops the start with what to do when the database role may not add pgvector', async () => {
    const database = await createTestDatabase('postgres');
    if (database.database.kind !== 'postgres') throw new Error('A PostgreSQL database was asked for');
    const url = new URL(database.database.url);
    const name = url.pathname.slice(1);
    await asAdmin(async (client) => {
      await client.query(
        "do $$ begin if not exists (select from pg_roles where rolname = 'corkboard_plain') then create role corkboard_plain login; end if; end $$",
      );
      await client.query(`alter database ${name} owner to corkboard_plain`);
    });
    url.username = 'corkboard_plain';
    try {
      const config = loadConfig({ DATABASE_URL: url.toString(), VISUAL_INDEX: 'pgvector', DATA_DIR: database.dataDir, DEMO: 'off', LOG_LEVEL: 'silent' });
      await expect(createServer(config)).rejects.toThrow('an administrator can run "CREATE EXTENSION vector" in this database once');
    } finally {
      await database.drop();
    }
  });
});
