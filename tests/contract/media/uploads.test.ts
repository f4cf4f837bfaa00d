import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planSize, IMAGE_SIZES } from '../../../src/server/media/sizes.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { animatedGif, GPS_MARKER, jpegWithGpsAndRotation, scene } from './fixtures.ts';
import { member, pathOf, settled, upload, uploadOk, type MediaBody } from './harness.ts';

/** Real JPEG, PNG, WebP and GIF files through the whole pipeline, on each database. */
describe.each(databaseKinds)('media uploads on %s', (kind) => {
  let app: TestApp;
  let owner: TestClient;

  beforeAll(async () => {
    app = await startTestApp(kind);
    owner = await member(app);
  });
  afterAll(async () => {
    await app.close();
  });

  /** Fetches every size and checks its pixels, type and that no metadata survived. */
  async function expectSizes(media: MediaBody, width: number, height: number, type: 'jpeg' | 'webp') {
    expect(media.status).toBe('ready');
    expect(Object.keys(media.images ?? {}).sort()).toEqual([...IMAGE_SIZES].sort());
    for (const size of IMAGE_SIZES) {
      const image = media.images?.[size];
      const planned = planSize(size, width, height);
      expect({ size, width: image?.width, height: image?.height }).toEqual({ size, width: planned.width, height: planned.height });
      expect(image?.dominant_color).toMatch(/^#[0-9a-f]{6}$/);
      const served = await owner.request({ method: 'GET', url: pathOf(image?.url ?? '') });
      expect(served.statusCode, size).toBe(200);
      expect(served.headers['content-type']).toBe(`image/${type}`);
      const meta = await sharp(served.rawPayload).metadata();
      expect({ size, format: meta.format, width: meta.width, height: meta.height }).toEqual({
        size,
        format: type,
        width: planned.width,
        height: planned.height,
      });
      expect(meta.exif ?? meta.xmp ?? meta.iptc ?? meta.orientation).toBeUndefined();
    }
  }

  it('a JPEG with EXIF GPS and a rotation flag: auto-oriented, every size, metadata gone', async () => {
    const original = await jpegWithGpsAndRotation();
    expect(original.includes(Buffer.from(GPS_MARKER))).toBe(true);
    const accepted = await uploadOk(owner, original, 'holiday.jpg');
    expect(accepted).toMatchObject({ status: 'processing', media_type: 'image' });
    expect(accepted.id).toMatch(/^\d+$/);
    const media = await settled(owner, accepted.id);
    expect(media).toMatchObject({ width: 400, height: 600 });
    await expectSizes(media, 400, 600, 'jpeg');
    const orig = await owner.request({ method: 'GET', url: pathOf(media.images?.['orig']?.url ?? '') });
    expect(orig.rawPayload.includes(Buffer.from(GPS_MARKER))).toBe(false);
    expect(orig.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
    // Stored 600×400 with red on the left and orientation 6: shown upright, red is on top.
    const { data, info } = await sharp(orig.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(at(200, 20)[0]).toBeGreaterThan(200);
    expect(at(200, 580)[2]).toBeGreaterThan(200);
    expect(media.image_signature).toMatch(/^[0-9a-f]{32}$/);
    expect(media.placeholder).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it('a JPEG that needs no pixel change is served as its own image data, without metadata or trailing bytes', async () => {
    const tagged = await scene(900, 600, 12)
      .jpeg({ quality: 88 })
      .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSMapDatum: GPS_MARKER } })
      .toBuffer();
    const media = await settled(owner, (await uploadOk(owner, Buffer.concat([tagged, Buffer.from('motion photo video')]), 'plain.jpg')).id);
    await expectSizes(media, 900, 600, 'jpeg');
    const orig = (await owner.request({ method: 'GET', url: pathOf(media.images?.['orig']?.url ?? '') })).rawPayload;
    for (const gone of [GPS_MARKER, 'TestCam', 'Exif', 'motion photo']) expect(orig.includes(Buffer.from(gone)), gone).toBe(false);
    // The compressed picture itself is untouched: it decodes to the very same pixels.
    const pixels = (jpeg: Buffer) => sharp(jpeg).raw().toBuffer();
    expect((await pixels(orig)).equals(await pixels(tagged))).toBe(true);
    expect(media.image_signature).toBe(createHash('sha256').update(orig).digest('hex').slice(0, 32));
  });

  it('a wide PNG with transparency keeps its alpha (WebP sizes)', async () => {
    const png = await sharp({ create: { width: 1600, height: 500, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const media = await settled(owner, (await uploadOk(owner, png, 'logo.png')).id);
    await expectSizes(media, 1600, 500, 'webp');
    const served = await owner.request({ method: 'GET', url: pathOf(media.images?.['236x']?.url ?? '') });
    expect((await sharp(served.rawPayload).metadata()).hasAlpha).toBe(true);
  });

  it('a tall WebP and a tiny one are never upscaled', async () => {
    const tall = await scene(300, 1400, 3).webp().toBuffer();
    await expectSizes(await settled(owner, (await uploadOk(owner, tall)).id), 300, 1400, 'jpeg');
    const tiny = await scene(40, 30, 4).webp().toBuffer();
    await expectSizes(await settled(owner, (await uploadOk(owner, tiny)).id), 40, 30, 'jpeg');
  });

  it('an animated GIF gives its first frame', async () => {
    const media = await settled(owner, (await uploadOk(owner, await animatedGif(120, 90), 'anim.gif')).id);
    await expectSizes(media, 120, 90, 'jpeg');
    const orig = await owner.request({ method: 'GET', url: pathOf(media.images?.['orig']?.url ?? '') });
    const stats = await sharp(orig.rawPayload).stats();
    expect(stats.channels[0]?.mean).toBeGreaterThan(200);
    expect(stats.channels[1]?.mean).toBeLessThan(40);
  });

  it('the same file uploaded twice has the same signature, under different unguessable URLs', async () => {
    const picture = await scene(800, 600, 9).jpeg({ quality: 85 }).toBuffer();
    const first = await settled(owner, (await uploadOk(owner, picture)).id);
    const second = await settled(owner, (await uploadOk(owner, picture)).id);
    expect(second.image_signature).toBe(first.image_signature);
    expect(second.images?.['236x']?.url).not.toBe(first.images?.['236x']?.url);
    expect(first.images?.['236x']?.url).toMatch(/\/media\/img\/\d+\/236x-[0-9a-f]{32}\.jpg$/);
  });

  it("status is the owner's alone: others and malformed ids get 404, visitors 401", async () => {
    const media = await uploadOk(owner, await scene(100, 100, 2).png().toBuffer());
    const stranger = await member(app);
    for (const url of [`/v3/media/${media.id}/`, '/v3/media/123/', '/v3/media/not-an-id/']) {
      const response = await stranger.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ status: 'failure', http_status: 404 });
    }
    expect((await app.client().get(`/v3/media/${media.id}/`)).statusCode).toBe(401);
    const visitor = app.client();
    await visitor.ensureCsrf();
    const anonymous = await upload(visitor, await scene(10, 10).png().toBuffer());
    expect(anonymous.statusCode).toBe(401);
    await settled(owner, media.id);
  });
});
