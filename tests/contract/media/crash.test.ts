import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { openDatabase } from '../../../src/server/db/database.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases.ts';
import { createHttpClient, type HttpClient } from '../../support/http-client.ts';
import { startNode, type NodeProcess } from '../../support/processes.ts';
import { scene } from './fixtures.ts';
import type { MediaBody } from './harness.ts';

/**
 * kill -9 of a server process while uploads stream in: after a restart on the same data, every
 * upload that was answered 201 is there and processes to ready (its job resumes), and every file
 * it names is served whole.
 */
describe.each(databaseKinds)('media uploads survive kill -9 on %s', (kind) => {
  let database: TestDatabase | undefined;
  let node: NodeProcess | undefined;

  afterAll(async () => {
    await node?.stop();
    await database?.drop();
  });

  async function uploadOnce(client: HttpClient, url: string, picture: Buffer): Promise<string | null> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'picture.jpg');
    const response = await fetch(`${url}/v3/media/uploads/`, { method: 'POST', headers: client.headers(), body: form });
    if (response.status !== 201) return null;
    return ((await response.json()) as { data: MediaBody }).data.id;
  }

  /** A job the killed process held stays leased for a minute; expire those leases now instead of waiting. */
  async function expireLeases(env: Record<string, string>, acknowledged: string[]): Promise<number> {
    const handle = openDatabase(loadConfig(env).database);
    await handle.db.updateTable('jobs').set({ locked_until: null, locked_by: null }).where('done_at', 'is', null).execute();
    const unfinished = await handle.db.selectFrom('media').select('id').where('status', '=', 'processing').where('id', 'in', acknowledged).execute();
    await handle.db.destroy();
    return unfinished.length;
  }

  it('keeps every acknowledged upload and finishes processing it after the restart', async () => {
    database = await createTestDatabase(kind);
    const env: Record<string, string> = { DATA_DIR: database.dataDir, LOG_LEVEL: 'fatal', DEMO: 'off' };
    if (database.database.kind === 'postgres') env['DATABASE_URL'] = database.database.url;
    const pictures = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        scene(480 + i * 16, 360, i + 1)
          .jpeg()
          .toBuffer(),
      ),
    );

    node = await startNode(env);
    const client = createHttpClient(node.url);
    await client.signUp(`crash-${kind}@example.com`);
    const acknowledged: string[] = [];
    let stop = false;
    const lane = async (offset: number, url: string) => {
      for (let i = offset; !stop; i += 3) {
        try {
          const id = await uploadOnce(client, url, pictures[i % pictures.length] ?? Buffer.alloc(0));
          if (id) acknowledged.push(id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const lanes = [0, 1, 2].map((offset) => lane(offset, node?.url ?? ''));
    while (acknowledged.length < 10) await new Promise((resolve) => setTimeout(resolve, 10));
    node.child.kill('SIGKILL');
    stop = true;
    await Promise.all(lanes);
    const killed = node.child;
    if (killed.exitCode === null && killed.signalCode === null) await new Promise((resolve) => killed.once('exit', resolve));

    // The test means something only if the crash left acknowledged work unfinished.
    expect(await expireLeases(env, acknowledged)).toBeGreaterThan(0);
    node = await startNode(env);
    const restarted = createHttpClient(node.url);
    for (const [name, value] of client.jar) restarted.jar.set(name, value);
    for (const id of acknowledged) {
      const media = await waitReady(restarted, id);
      expect(media.status, id).toBe('ready');
      for (const [size, image] of Object.entries(media.images ?? {})) {
        // Fetched as the uploader: an upload no pin shows yet is theirs alone.
        const served = await restarted.get(image.url.replace(/^https?:\/\/[^/]+/, ''));
        expect(served.status, `${id} ${size}`).toBe(200);
        const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect({ width: meta.width, height: meta.height }).toEqual({ width: image.width, height: image.height });
      }
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(10);
  }, 90_000);
});

async function waitReady(client: HttpClient, id: string): Promise<MediaBody> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await client.get(`/v3/media/${id}/`);
    const media = ((await response.json()) as { data: MediaBody }).data;
    if (media.status !== 'processing' || Date.now() > deadline) return media;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
