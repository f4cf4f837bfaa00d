import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../src/server/access/actor.ts';
import { ingestImage } from '../../../src/server/media/media.service.ts';
import { MAX_ORIGINAL_PIXELS } from '../../../src/server/media/sizes.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { cutJpeg, hollowJpeg, scene } from './fixtures.ts';
import { filesUnder, mediaRowCount, member, pathOf, settled, upload, uploadOk, type Envelope } from './harness.ts';

/** A photo-like picture at a large size, made small and scaled up, which is quicker than drawing it large. */
function large(width: number, height: number, seed: number) {
  return scene(Math.round(width / 10), Math.round(height / 10), seed).resize(width, height, { kernel: 'linear' });
}

/**
 * A file must hold the pixels it declares: a header declaring a huge frame with no data behind
 * it, or a photo cut short and closed with an EOI, is refused rather than painted grey. What is
 * accepted is served at most MAX_ORIGINAL_PIXELS large, whatever the upload's size.
 */
describe.each(databaseKinds)('hollow and oversized pictures on %s', (kind) => {
  let app: TestApp;
  let client: TestClient;
  let actor: Actor;

  beforeAll(async () => {
    app = await startTestApp(kind);
    client = await member(app);
    const me = (await client.get('/v3/users/me/')).json<{ data: { id: string } }>().data;
    actor = { kind: 'token', userId: me.id, tokenId: 'test', scopes: ['pins:write', 'pins:read'] };
  });
  afterAll(async () => {
    await app.close();
  });

  async function expectUnreadable(file: Buffer) {
    const response = await upload(client, file, 'photo.jpg', 'image/jpeg');
    expect(response.statusCode).toBe(400);
    const body = response.json<Envelope>();
    expect(body).toMatchObject({ status: 'failure', http_status: 400 });
    expect(body.message).toMatch(/could not be read/);
    await expect(ingestImage(app.deps, actor, file, { inline: true })).rejects.toThrow(/could not be read/);
    expect(await mediaRowCount(app)).toBe(0);
    expect(filesUnder(path.join(app.config.dataDir, 'media'))).toEqual([]);
  }

  it('a JPEG of under 1 KB declaring 16383×6100 pixels is refused, by upload and inline', async () => {
    const hollow = await hollowJpeg();
    expect(hollow.length).toBeLessThan(1024);
    expect(await sharp(hollow).metadata()).toMatchObject({ format: 'jpeg', width: 16_383, height: 6_100 });
    await expectUnreadable(hollow);
  });

  it('a photo cut short and closed with an EOI is refused, baseline or progressive', async () => {
    await expectUnreadable(await cutJpeg(0.6));
    await expectUnreadable(await cutJpeg(0.3, { progressive: true }));
  });

  async function servedOriginal(file: Buffer, name: string) {
    const media = await settled(client, (await uploadOk(client, file, name)).id);
    expect(media.status).toBe('ready');
    const orig = media.images?.['orig'];
    if (!orig) throw new Error('No orig size');
    const served = await sharp((await client.request({ method: 'GET', url: pathOf(orig.url) })).rawPayload).metadata();
    return { media, orig, served };
  }

  it('a 6000×4000 JPEG is accepted and its served original holds at most the cap, at its aspect ratio', async () => {
    const { media, orig, served } = await servedOriginal(await large(6000, 4000, 3).jpeg().toBuffer(), 'big.jpg');
    expect({ width: media.width, height: media.height }).toEqual({ width: 6000, height: 4000 });
    expect(orig.width * orig.height).toBeLessThanOrEqual(MAX_ORIGINAL_PIXELS);
    expect(orig.width * orig.height).toBeGreaterThan(MAX_ORIGINAL_PIXELS * 0.99);
    expect(orig.width / orig.height).toBeCloseTo(1.5, 2);
    expect({ width: served.width, height: served.height }).toEqual({ width: orig.width, height: orig.height });
  }, 60_000);

  it('a PNG over the cap is served capped too; one within it keeps its size', async () => {
    const big = await servedOriginal(await large(4500, 4000, 5).png({ compressionLevel: 1 }).toBuffer(), 'big.png');
    expect(big.served.width * big.served.height).toBeLessThanOrEqual(MAX_ORIGINAL_PIXELS);
    expect(big.orig).toMatchObject({ width: big.served.width, height: big.served.height });
    const within = await servedOriginal(await large(4000, 3000, 5).jpeg().toBuffer(), 'within.jpg');
    expect(within.orig).toMatchObject({ width: 4000, height: 3000 });
    expect(within.served).toMatchObject({ width: 4000, height: 3000 });
  }, 60_000);
});
