import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { visualDistance } from '../../../src/server/media/features.ts';
import { processImage } from '../../../src/server/media/image-pipeline.ts';
import { featuresOfUpload } from '../../../src/server/visual/query-features.ts';
import { pngBomb, scene } from '../../contract/media/fixtures.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'visual-query-'));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

let written = 0;
function file(bytes: Buffer): string {
  written += 1;
  const name = path.join(dir, `upload-${written}`);
  fs.writeFileSync(name, bytes);
  return name;
}

describe('the features of a query picture', () => {
  it('are the features the media pipeline stores for the same file, byte for byte', async () => {
    const pictures = [
      await scene(1600, 1000, 3).jpeg({ quality: 85 }).toBuffer(),
      await scene(500, 700, 4).jpeg({ quality: 70 }).toBuffer(),
      await scene(1200, 900, 5).png().toBuffer(),
      await scene(300, 200, 6).webp().toBuffer(),
      await scene(900, 600, 7).ensureAlpha(0.5).png().toBuffer(),
      await scene(180, 240, 8).gif().toBuffer(),
    ];
    for (const picture of pictures) {
      const stored = await processImage(picture);
      const query = await featuresOfUpload(file(picture));
      expect(query.equals(stored.features)).toBe(true);
    }
  });

  it('find a resized and recompressed copy near its original', async () => {
    const original = await scene(1000, 800, 11).jpeg({ quality: 90 }).toBuffer();
    const copy = await sharp(original).resize({ width: 500 }).jpeg({ quality: 50 }).toBuffer();
    const other = await scene(1000, 800, 12).jpeg({ quality: 90 }).toBuffer();
    const [a, b, c] = await Promise.all([original, copy, other].map((bytes) => featuresOfUpload(file(bytes))));
    expect(visualDistance(a ?? Buffer.alloc(0), b ?? Buffer.alloc(0))).toBeLessThan(0.1);
    expect(visualDistance(a ?? Buffer.alloc(0), c ?? Buffer.alloc(0))).toBeGreaterThan(0.2);
  });

  it('refuse what is not an image, polyglots and decompression bombs, as uploads do', async () => {
    await expect(featuresOfUpload(file(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')))).rejects.toMatchObject({
      errorName: 'unsupported_media_type',
    });
    const withMarkup = Buffer.concat([await scene(64, 64, 1).jpeg().toBuffer(), Buffer.from('<script>alert(1)</script>')]);
    await expect(featuresOfUpload(file(withMarkup))).rejects.toMatchObject({ errorName: 'unsupported_media_type' });
    await expect(featuresOfUpload(file(pngBomb()))).rejects.toMatchObject({
      errorName: 'bad_request',
      message: expect.stringMatching(/too many pixels/) as unknown,
    });
    await expect(featuresOfUpload(file(Buffer.alloc(0)))).rejects.toMatchObject({ errorName: 'bad_request' });
    const truncated = await scene(800, 600, 2).png().toBuffer();
    await expect(featuresOfUpload(file(truncated.subarray(0, truncated.length / 2)))).rejects.toMatchObject({ errorName: 'bad_request' });
  });
});
