import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { colourDistance, decodeFeatures, FEATURES_LENGTH, hashDistance, srgbToLab, visualDistance } from '../../../src/server/media/features.ts';
import { processImage } from '../../../src/server/media/image-pipeline.ts';
import { scene } from '../../contract/media/fixtures.ts';

/** The same compressed picture with an EXIF segment and a comment added, and bytes after its end. */
function sameJpegOtherMetadata(jpeg: Buffer): Buffer {
  const segment = (marker: number, body: string) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([head, Buffer.from(body, 'latin1')]);
  };
  const exif = segment(0xe1, 'Exif\0\0MM\0*\0\0\0\x08\0\0');
  return Buffer.concat([jpeg.subarray(0, 2), exif, segment(0xfe, 'edited'), jpeg.subarray(2), Buffer.from('motion photo')]);
}

/**
 * The decision (docs/decisions/0008-media-pipeline.md): the signature is the hash of the stored
 * original, so the same file (or the same JPEG with other metadata) gives the same one; the
 * visual features are near for recompressed or resized copies.
 */
describe('image signature and visual features', () => {
  it('the signature hashes the stored original: the same file, or the same JPEG with other metadata, gives the same one', async () => {
    const jpeg = await scene(500, 400, 7).jpeg({ quality: 90 }).toBuffer();
    const first = await processImage(jpeg);
    const original = first.variants.find((variant) => variant.size === 'orig');
    expect(first.signature).toBe(
      createHash('sha256')
        .update(original?.data ?? '')
        .digest('hex')
        .slice(0, 32),
    );
    expect((await processImage(jpeg)).signature).toBe(first.signature);
    expect((await processImage(sameJpegOtherMetadata(jpeg))).signature).toBe(first.signature);

    const png = await scene(500, 400, 7).png().toBuffer();
    const fromPng = await processImage(png);
    expect(fromPng.signature).toMatch(/^[0-9a-f]{32}$/);
    expect((await processImage(png)).signature).toBe(fromPng.signature);
    expect(fromPng.signature).not.toBe(first.signature);
  });

  it('a recompressed copy has another signature but near features', async () => {
    const original = await scene(800, 600, 11).png().toBuffer();
    const fine = await processImage(await sharp(original).jpeg({ quality: 95 }).toBuffer());
    const coarse = await processImage(await sharp(original).jpeg({ quality: 40 }).toBuffer());
    const smaller = await processImage(await sharp(original).resize(400).jpeg({ quality: 70 }).toBuffer());
    const other = await processImage(await scene(800, 600, 12).jpeg({ quality: 95 }).toBuffer());
    expect(coarse.signature).not.toBe(fine.signature);
    const near = (a: Buffer, b: Buffer) => ({
      hash: hashDistance(decodeFeatures(a).hash, decodeFeatures(b).hash),
      visual: visualDistance(a, b),
    });
    expect(near(fine.features, coarse.features).hash).toBeLessThanOrEqual(8);
    expect(near(fine.features, smaller.features).hash).toBeLessThanOrEqual(8);
    expect(near(fine.features, coarse.features).visual).toBeLessThan(0.1);
    expect(near(fine.features, other.features).hash).toBeGreaterThan(12);
    expect(near(fine.features, other.features).visual).toBeGreaterThan(0.2);
  });

  it('lays the features out in 73 bytes: version, 64-bit hash, 64-bin CIELAB histogram', async () => {
    const { features } = await processImage(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer(),
    );
    expect(features).toHaveLength(FEATURES_LENGTH);
    expect(features[0]).toBe(1);
    const { histogram } = decodeFeatures(features);
    // All white: every pixel in the brightest, neutral bin (L* 75-100, a* and b* -8 to 8).
    expect(histogram[3 * 16 + 1 * 4 + 1]).toBe(255);
    expect([...histogram].filter((v) => v > 0)).toHaveLength(1);
    expect(colourDistance(histogram, histogram)).toBe(0);
  });

  it('converts sRGB to CIELAB', () => {
    const [l, a, b] = srgbToLab(255, 255, 255);
    expect(l).toBeCloseTo(100, 1);
    expect(Math.abs(a) + Math.abs(b)).toBeLessThan(0.05);
    const red = srgbToLab(255, 0, 0);
    expect(red[0]).toBeCloseTo(53.24, 1);
    expect(red[1]).toBeCloseTo(80.09, 0);
    expect(srgbToLab(0, 0, 0)[0]).toBeCloseTo(0, 5);
  });

  it('reports the dominant colour and a ThumbHash placeholder', async () => {
    const teal = await processImage(
      await sharp({ create: { width: 300, height: 200, channels: 3, background: '#008080' } })
        .png()
        .toBuffer(),
    );
    expect(teal.dominantColor).toBe('#008080');
    expect(Buffer.from(teal.placeholder, 'base64').length).toBeLessThanOrEqual(30);
  });
});
