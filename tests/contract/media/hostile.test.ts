import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../src/server/media/limits.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { gifScriptPolyglot, multipart, pngBomb, scene, streamedMultipart, tinyZip } from './fixtures.ts';
import { filesUnder, mediaRowCount, member, pathOf, settled, upload, uploadOk, type Envelope } from './harness.ts';

/**
 * Every hostile upload answers a 4xx in the error envelope and leaves nothing behind: no media
 * row, no blob, no scratch file. A polyglot whose extra content is inert is neutralised instead:
 * only re-encoded pixels are ever served.
 */
describe.each(databaseKinds)('hostile uploads on %s', (kind) => {
  let app: TestApp;
  let client: TestClient;

  beforeAll(async () => {
    app = await startTestApp(kind);
    client = await member(app);
  });
  afterAll(async () => {
    await app.close();
  });

  async function expectRefused(status: number, response: { statusCode: number; json: () => unknown }, detail: RegExp) {
    expect(response.statusCode).toBe(status);
    const body = response.json() as Envelope;
    expect(body).toMatchObject({ status: 'failure', http_status: status });
    expect(body.message).toMatch(detail);
    expect(await mediaRowCount(app)).toBe(0);
    expect(filesUnder(path.join(app.config.dataDir, 'media'))).toEqual([]);
    expect(filesUnder(path.join(app.config.dataDir, 'tmp'))).toEqual([]);
  }

  it('a decompression bomb (a 5 KB PNG declaring 100000×100000 pixels) is refused from its header', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    await expectRefused(400, await upload(client, bomb, 'bomb.png', 'image/png'), /too many pixels/);
  });

  it('a JPEG with an HTML page appended is refused', async () => {
    const jpeg = await scene(200, 150).jpeg().toBuffer();
    const polyglot = Buffer.concat([jpeg, Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]);
    await expectRefused(415, await upload(client, polyglot, 'cat.jpg', 'image/jpeg'), /web page, script or archive/);
  });

  it('a JPEG with a ZIP archive appended (a JAR/GIFAR-style polyglot) is refused', async () => {
    const jpeg = await scene(200, 150).jpeg().toBuffer();
    await expectRefused(415, await upload(client, Buffer.concat([jpeg, tinyZip('payload.class', 'not really java')])), /archive/);
  });

  it('an SVG, an HTML page and a text file named .jpg are not images we take', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    await expectRefused(415, await upload(client, svg, 'x.svg', 'image/svg+xml'), /not supported/);
    await expectRefused(415, await upload(client, Buffer.from('<!doctype html><title>x</title>'), 'x.jpg', 'image/jpeg'), /not supported/);
    await expectRefused(415, await upload(client, Buffer.from('just some text, honest'), 'x.jpg', 'image/jpeg'), /not supported/);
  });

  it('a truncated JPEG and an empty file are refused', async () => {
    const jpeg = await scene(640, 480).jpeg().toBuffer();
    await expectRefused(400, await upload(client, jpeg.subarray(0, Math.floor(jpeg.length * 0.6))), /could not be read/);
    await expectRefused(400, await upload(client, Buffer.alloc(0)), /empty/);
  });

  it('a request without a file, or not multipart, is refused', async () => {
    const noFile = await client.request({
      method: 'POST',
      url: '/v3/media/uploads/',
      payload: '--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    await expectRefused(400, noFile, /No file/);
    const json = await client.request({ method: 'POST', url: '/v3/media/uploads/', payload: { file: 'x' } });
    await expectRefused(415, json, /multipart/);
  });

  it('200 MB + 1 byte answers 413: declared up front, or found while streaming', async () => {
    const declared = await client.request({
      method: 'POST',
      url: '/v3/media/uploads/',
      payload: multipart(Buffer.alloc(10)).payload,
      headers: { ...multipart(Buffer.alloc(10)).headers, 'content-length': String(MAX_UPLOAD_BYTES + 1024 * 1024) },
    });
    await expectRefused(413, declared, /200 MB/);
    const streamed = streamedMultipart(MAX_UPLOAD_BYTES + 1);
    const response = await client.request({ method: 'POST', url: '/v3/media/uploads/', payload: streamed.payload, headers: streamed.headers });
    await expectRefused(413, response, /200 MB/);
    // Exactly 200 MB is within the limit: it gets as far as the decoder, which finds no picture.
    const atLimit = streamedMultipart(MAX_UPLOAD_BYTES);
    const decoded = await client.request({ method: 'POST', url: '/v3/media/uploads/', payload: atLimit.payload, headers: atLimit.headers });
    await expectRefused(400, decoded, /could not be read/);
  }, 60_000);

  it('a GIF that is also JavaScript is neutralised: only re-encoded pixels are served', async () => {
    const polyglot = await gifScriptPolyglot();
    const media = await settled(client, (await uploadOk(client, polyglot, 'x.gif')).id);
    expect(media.status).toBe('ready');
    for (const image of Object.values(media.images ?? {})) {
      const served = await client.request({ method: 'GET', url: pathOf(image.url) });
      expect(served.rawPayload.includes(Buffer.from('pwned'))).toBe(false);
      expect(['jpeg', 'webp']).toContain((await sharp(served.rawPayload).metadata()).format);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toContain('sandbox');
    }
    await app.deps.db.deleteFrom('media').execute();
  });
});
