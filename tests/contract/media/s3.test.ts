import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { makeVideo, scene } from './fixtures.ts';
import { member, pathOf, settled, uploadOk } from './harness.ts';

/**
 * The pipeline on object storage (s3rver, the test-only S3 stand-in): uploads wait in the bucket
 * for the worker, every file is stored there and served from it, ranges included. The database
 * does not vary here, the blob store does.
 */
describe('media on S3-compatible storage', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-media-s3-'));
  let s3: S3rver;
  let app: TestApp;
  let client: TestClient;

  beforeAll(async () => {
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(dir, 's3'), configureBuckets: [{ name: 'media', configs: [] }] });
    const { port } = await s3.run();
    app = await startTestApp('sqlite', {
      env: { S3_ENDPOINT: `http://127.0.0.1:${String(port)}`, S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    });
    client = await member(app);
  });
  afterAll(async () => {
    await app.close();
    await s3.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('processes an image and a video and serves them from the bucket', async () => {
    const image = await settled(client, (await uploadOk(client, await scene(1200, 900, 13).jpeg().toBuffer())).id);
    expect(image.images?.['736x']).toMatchObject({ width: 736, height: 552 });
    const served = await client.request({ method: 'GET', url: pathOf(image.images?.['736x']?.url ?? '') });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');

    const clip = makeVideo(dir, { width: 320, height: 180, seconds: 1, format: 'mp4' });
    const video = await settled(client, (await uploadOk(client, fs.readFileSync(clip))).id);
    expect(video.status).toBe('ready');
    const mp4 = video.videos?.video_list['V_720P']?.url ?? '';
    const whole = await client.request({ method: 'GET', url: pathOf(mp4) });
    const part = await client.request({ method: 'GET', url: pathOf(mp4), headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 20))).toBe(true);
    expect(fs.existsSync(path.join(app.config.dataDir, 'media'))).toBe(false);
  });
});
