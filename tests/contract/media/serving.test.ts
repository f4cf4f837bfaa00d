import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadKey } from '../../../src/server/media/media-keys.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { scene } from './fixtures.ts';
import { member, pathOf, settled, uploadOk, type MediaBody } from './harness.ts';

/** GET /media/<key>: immutable, validated by ETag, ranged for video players, 404 for anything else. */
describe.each(databaseKinds)('serving media files on %s', (kind) => {
  let app: TestApp;
  let client: TestClient;
  let media: MediaBody;
  let url: string;

  beforeAll(async () => {
    app = await startTestApp(kind);
    client = await member(app);
    media = await settled(client, (await uploadOk(client, await scene(900, 700, 5).jpeg().toBuffer())).id);
    url = pathOf(media.images?.['736x']?.url ?? '');
    // Shown on a public board's pin, the file is anyone's to fetch and to cache (media-access.test.ts has the rest).
    const board = (await client.resource('BoardResource', 'create', { name: 'Served' })).json<{ resource_response: { data: { id: string } } }>();
    await client.resource('PinResource', 'create', { board_id: board.resource_response.data.id, media_id: media.id });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) => app.app.inject({ method: 'GET', url: path, headers });

  it('answers with immutable cache headers, its type, its length and an ETag (anyone may fetch)', async () => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['etag']).toMatch(/^"[\w-]+"$/);
    const again = await get(url, { 'if-none-match': String(response.headers['etag']) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers a Range request with 206 and exactly those bytes', async () => {
    const whole = (await get(url)).rawPayload;
    const part = await get(url, { range: 'bytes=100-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${whole.length}`);
    expect(part.rawPayload.equals(whole.subarray(100, 1100))).toBe(true);
    const suffix = await get(url, { range: 'bytes=-10' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(whole.subarray(whole.length - 10))).toBe(true);
    const open = await get(url, { range: `bytes=${whole.length - 5}-` });
    expect(open.rawPayload.equals(whole.subarray(whole.length - 5))).toBe(true);
    const beyond = await get(url, { range: `bytes=${whole.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${whole.length}`);
  });

  it('answers 404 in the envelope for unknown keys, uploads, hidden names and escapes', async () => {
    const unknown = url.replace(/-[0-9a-f]{32}\./, `-${'0'.repeat(32)}.`);
    const paths = [
      unknown,
      `/media/${uploadKey(media.id)}`,
      '/media/img/1/.tmp-abc',
      '/media/img/../upload/1/source',
      '/media/img/%2e%2e/x',
      '/media/',
      '/media/etc/passwd',
    ];
    for (const path of paths) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json(), path).toMatchObject({ status: 'failure', http_status: 404 });
    }
  });
});
