import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { openDatabase } from '../../../src/server/db/database.ts';
import type { Deps } from '../../../src/server/deps.ts';
import { MEDIA_SWEEP_JOB } from '../../../src/server/media/media.job.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases.ts';
import { counterDrift } from '../../support/factories.ts';
import { createHttpClient, type HttpClient } from '../../support/http-client.ts';
import { startNode, type NodeProcess } from '../../support/processes.ts';
import { scene } from '../media/fixtures.ts';
import type { MediaBody } from '../media/harness.ts';

type Data<T> = { resource_response: { data: T } };

/**
 * kill -9 of a server while members upload, create pins and save them: after a restart on the
 * same data every acknowledged pin is whole (its row, its save on the board, its media ready and
 * served), every acknowledged save is there, no row is orphaned, every counter equals a recount,
 * and once the orphan sweeps have run every media file in the store belongs to a media row.
 */
describe.each(databaseKinds)('pins and saves survive kill -9 on %s', (kind) => {
  let database: TestDatabase | undefined;
  let node: NodeProcess | undefined;

  afterAll(async () => {
    await node?.stop();
    await database?.drop();
  });

  async function create<T>(client: HttpClient, name: string, options: Record<string, unknown>): Promise<T | null> {
    const response = await client.resource(name, 'create', options);
    if (response.status !== 200) return null;
    return ((await response.json()) as Data<T>).resource_response.data;
  }

  async function uploadOnce(client: HttpClient, url: string, picture: Buffer): Promise<string | null> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'picture.jpg');
    const response = await fetch(`${url}/v3/media/uploads/`, { method: 'POST', headers: client.headers(), body: form });
    return response.status === 201 ? ((await response.json()) as { data: MediaBody }).data.id : null;
  }

  it('keeps every acknowledged pin and save whole, with no orphan row or file', async () => {
    database = await createTestDatabase(kind);
    const env: Record<string, string> = { DATA_DIR: database.dataDir, LOG_LEVEL: 'fatal', DEMO: 'off' };
    if (database.database.kind === 'postgres') env['DATABASE_URL'] = database.database.url;
    const pictures = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        scene(320 + i * 16, 240, i + 1)
          .jpeg()
          .toBuffer(),
      ),
    );

    node = await startNode(env);
    const client = createHttpClient(node.url);
    await client.signUp(`pins-crash-${kind}@example.com`);
    const home = await create<{ id: string }>(client, 'BoardResource', { name: 'Home' });
    const favourites = await create<{ id: string }>(client, 'BoardResource', { name: 'Favourites' });
    if (!home || !favourites) throw new Error('boards were not created');

    const pins: string[] = [];
    const saves: string[] = [];
    const uploads: string[] = [];
    let stop = false;
    const pinLane = async (offset: number) => {
      for (let i = offset; !stop; i += 2) {
        try {
          const media = await uploadOnce(client, node?.url ?? '', pictures[i % pictures.length] ?? Buffer.alloc(0));
          if (!media) continue;
          uploads.push(media);
          const pin = await create<{ id: string }>(client, 'PinResource', { board_id: home.id, media_id: media, title: `Pin ${i}` });
          if (!pin) continue;
          pins.push(pin.id);
          const save = await create<{ id: string }>(client, 'RepinResource', { pin_id: pin.id, board_id: favourites.id });
          if (save) saves.push(pin.id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const lanes = [pinLane(0), pinLane(1)];
    while (saves.length < 8) await new Promise((resolve) => setTimeout(resolve, 10));
    node.child.kill('SIGKILL');
    stop = true;
    await Promise.all(lanes);
    const killed = node.child;
    if (killed.exitCode === null && killed.signalCode === null) await new Promise((resolve) => killed.once('exit', resolve));

    const handle = openDatabase(loadConfig(env).database);
    try {
      // The killed process's job leases would hold processing back for a minute.
      await handle.db.updateTable('jobs').set({ locked_until: null, locked_by: null }).where('done_at', 'is', null).execute();
      for (const id of pins) {
        const row = await handle.db.selectFrom('pins').select(['deleted_at', 'media_id']).where('id', '=', id).executeTakeFirst();
        expect(row?.deleted_at, id).toBeNull();
        const boards = await handle.db.selectFrom('board_pins').select('board_id').where('pin_id', '=', id).execute();
        expect(
          boards.map((b) => b.board_id),
          id,
        ).toContain(home.id);
        if (saves.includes(id))
          expect(
            boards.map((b) => b.board_id),
            id,
          ).toContain(favourites.id);
      }
      expect(await counterDrift({ db: handle.db } as unknown as Deps)).toEqual([]);
      const orphanSaves = await handle.db
        .selectFrom('board_pins')
        .select('id')
        .where((eb) => eb.not(eb.exists(eb.selectFrom('pins').select('pins.id').whereRef('pins.id', '=', 'board_pins.pin_id'))))
        .execute();
      expect(orphanSaves).toEqual([]);
    } finally {
      await handle.db.destroy();
    }

    node = await startNode(env);
    const restarted = createHttpClient(node.url);
    for (const [name, value] of client.jar) restarted.jar.set(name, value);
    for (const id of pins) {
      const response = await restarted.get(`/resource/PinResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { id }, context: {} }))}`);
      expect(response.status, id).toBe(200);
      const pin = ((await response.json()) as Data<{ media_status?: string; images?: Record<string, { url: string }> }>).resource_response.data;
      const url = await readyImageUrl(restarted, id, pin);
      const served = await fetch(`${node.url}${new URL(url).pathname}`);
      expect(served.status, id).toBe(200);
    }
    // The orphan sweeps are booked hours ahead; run them now, as the hours passing would.
    await runPendingSweeps(env);
    await expectEveryFileOwned(env, database.dataDir);
  }, 120_000);
});

/** Polls the pin until its media is processed, answering its 236x image URL. */
async function readyImageUrl(client: HttpClient, id: string, first: { images?: Record<string, { url: string }> }): Promise<string> {
  let pin = first;
  const deadline = Date.now() + 30_000;
  while (!pin.images?.['236x'] && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const response = await client.get(`/resource/PinResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { id }, context: {} }))}`);
    pin = ((await response.json()) as Data<typeof pin>).resource_response.data;
  }
  const url = pin.images?.['236x']?.url;
  if (!url) throw new Error(`pin ${id} never got its images`);
  return url;
}

async function runPendingSweeps(env: Record<string, string>): Promise<void> {
  const handle = openDatabase(loadConfig(env).database);
  try {
    await handle.db.updateTable('jobs').set({ run_at: Date.now() }).where('type', '=', MEDIA_SWEEP_JOB).where('done_at', 'is', null).execute();
    const deadline = Date.now() + 30_000;
    for (;;) {
      // Jobs booked for later (the daily event prune) are not the sweeps this waits for.
      const pending = await handle.db.selectFrom('jobs').select('id').where('done_at', 'is', null).where('run_at', '<=', Date.now()).execute();
      if (pending.length === 0) return;
      if (Date.now() > deadline) throw new Error(`${pending.length} jobs still pending`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await handle.db.destroy();
  }
}

/** Every media file on disk (img/<id>/, vid/<id>/, upload/<id>/) belongs to a media row. */
async function expectEveryFileOwned(env: Record<string, string>, dataDir: string): Promise<void> {
  const handle = openDatabase(loadConfig(env).database);
  try {
    const ids = new Set((await handle.db.selectFrom('media').select('id').execute()).map((m) => m.id));
    for (const area of ['img', 'vid', 'upload']) {
      const dir = path.join(dataDir, 'media', area);
      if (!fs.existsSync(dir)) continue;
      for (const id of fs.readdirSync(dir)) expect(ids.has(id), `${area}/${id}`).toBe(true);
    }
  } finally {
    await handle.db.destroy();
  }
}
