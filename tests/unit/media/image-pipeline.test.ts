import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { processImage, type ProcessedImage } from '../../../src/server/media/image-pipeline.ts';
import { rebuildJpeg } from '../../../src/server/media/jpeg-segments.ts';
import { IMAGE_SIZES, planSize } from '../../../src/server/media/sizes.ts';
import { jpegWithGpsAndRotation, scene } from '../../contract/media/fixtures.ts';

const orig = (image: ProcessedImage) => image.variants.find((variant) => variant.size === 'orig')?.data ?? Buffer.alloc(0);

/** Every size has the planned pixel size and is a JPEG without metadata. */
async function expectPlannedSizes(image: ProcessedImage, width: number, height: number): Promise<void> {
  expect(image.variants.map((variant) => variant.size).sort()).toEqual([...IMAGE_SIZES].sort());
  for (const variant of image.variants) {
    const planned = planSize(variant.size, width, height);
    const meta = await sharp(variant.data).metadata();
    expect({ size: variant.size, width: meta.width, height: meta.height, format: meta.format }).toEqual({
      size: variant.size,
      width: planned.width,
      height: planned.height,
      format: 'jpeg',
    });
    expect([variant.width, variant.height]).toEqual([planned.width, planned.height]);
    expect(meta.exif ?? meta.icc ?? meta.xmp).toBeUndefined();
  }
}

/** Red, with a green centre square exactly where the square sizes crop a landscape picture. */
function greenCentre(width: number, height: number) {
  const square = Math.min(width, height);
  const green = { create: { width: square, height: square, channels: 3 as const, background: '#00ff00' } };
  return sharp({ create: { width, height, channels: 3, background: '#ff0000' } }).composite([
    { input: green, left: Math.floor((width - square) / 2), top: Math.floor((height - square) / 2) },
  ]);
}

describe('the image pipeline', () => {
  it("keeps a plain JPEG's compressed data as orig and makes every size from smaller copies", async () => {
    for (const [width, height] of [
      [3000, 2000],
      [1200, 1800],
      [4000, 300],
      [500, 400],
      [200, 150],
    ] as const) {
      const jpeg = await greenCentre(width, height).jpeg({ quality: 90 }).toBuffer();
      const image = await processImage(jpeg);
      expect({ width: image.width, height: image.height }).toEqual({ width, height });
      expect(orig(image).equals(rebuildJpeg(jpeg).data)).toBe(true);
      await expectPlannedSizes(image, width, height);
      for (const size of ['60x60', '90x90', '136x136'] as const) {
        const square = image.variants.find((variant) => variant.size === size);
        const { channels } = await sharp(square?.data).stats();
        expect({ size: `${width}x${height} ${size}`, red: (channels[0]?.mean ?? 255) < 40, green: (channels[1]?.mean ?? 0) > 200 }).toEqual({
          size: `${width}x${height} ${size}`,
          red: true,
          green: true,
        });
      }
    }
  });

  it('re-encodes a JPEG whose pixels must change: rotated, wide-gamut or CMYK', async () => {
    const rotated = await processImage(await jpegWithGpsAndRotation());
    expect({ width: rotated.width, height: rotated.height }).toEqual({ width: 400, height: 600 });
    await expectPlannedSizes(rotated, 400, 600);
    for (const convert of [(s: Sharp) => s.withIccProfile('p3'), (s: Sharp) => s.toColourspace('cmyk')]) {
      const jpeg = await convert(scene(900, 600, 2).jpeg()).toBuffer();
      const image = await processImage(jpeg);
      expect(orig(image).equals(rebuildJpeg(jpeg).data)).toBe(false);
      expect((await sharp(orig(image)).metadata()).channels).toBe(3);
      await expectPlannedSizes(image, 900, 600);
    }
  });

  it('serves a JPEG with an sRGB profile as it is, without the profile', async () => {
    const jpeg = await scene(900, 600, 3).jpeg().withIccProfile('srgb').toBuffer();
    expect((await sharp(jpeg).metadata()).icc).toBeDefined();
    const image = await processImage(jpeg);
    expect(orig(image).equals(rebuildJpeg(jpeg).data)).toBe(true);
    await expectPlannedSizes(image, 900, 600);
  });
});
