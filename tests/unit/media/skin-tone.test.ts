import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../src/server/demo/random.ts';
import { ASPECTS, canvasOf } from '../../../src/server/demo/painters/paint.ts';
import { paintBeauty, paintFashion } from '../../../src/server/demo/painters/people.ts';
import { analyseImage } from '../../../src/server/media/image-analysis.ts';
import { processImage } from '../../../src/server/media/image-pipeline.ts';
import { isSkinPixel, ITA_BOUNDS, rangeOfAngle, SKIN_SHARE_MIN, skinToneOf, typologyAngle } from '../../../src/server/media/skin-tone.ts';
import { SKIN_TONE_RANGES, SKIN_TONE_SWATCHES, type SkinToneRange } from '../../../src/shared/skin-tone.ts';

type Rgb = readonly [number, number, number];

const hex = (colour: string): Rgb => [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)) as unknown as Rgb;

/** Typical skin colours of each range, lightest first. */
const SKIN: Record<SkinToneRange, readonly string[]> = {
  light: ['#ffe0c4', '#f6d5be', '#edc9af'],
  medium_light: ['#f1c27d', '#e0ac69', '#dba67a'],
  medium_dark: ['#c68642', '#c58c5c', '#b9834f'],
  dark: ['#8d5524', '#6a4230', '#3c231e'],
};
const NOT_SKIN = ['#ffffff', '#808080', '#111111', '#1d3557', '#2a9d8f', '#3caea3', '#b3123a', '#c0392b', '#7b2cbf', '#e4e4ea'];

/** An RGBA block: `parts` of [colour, pixel count], row after row; `alpha` for every pixel. */
function block(parts: readonly (readonly [string, number])[], alpha = 255): Uint8Array {
  const pixels: number[] = [];
  for (const [colour, count] of parts) for (let i = 0; i < count; i++) pixels.push(...hex(colour), alpha);
  return Uint8Array.from(pixels);
}

/** A block of one colour with a little noise on every channel, as a photographed surface has. */
function noisy(colour: string, count: number, seed: string): Uint8Array {
  const random = createRandom(seed);
  const [r, g, b] = hex(colour);
  const pixels: number[] = [];
  for (let i = 0; i < count; i++) pixels.push(...[r, g, b].map((c) => Math.max(0, Math.min(255, c + random.int(-6, 6)))), 255);
  return Uint8Array.from(pixels);
}

describe('skin tone of a picture', () => {
  it('counts skin colours of every range as skin, by the YCbCr box, and not greys, blues, greens or lipstick reds', () => {
    for (const colour of Object.values(SKIN).flat()) expect(isSkinPixel(...hex(colour)), colour).toBe(true);
    for (const colour of NOT_SKIN) expect(isSkinPixel(...hex(colour)), colour).toBe(false);
    // Near-black shadow is not skin, however warm.
    expect(isSkinPixel(30, 20, 18)).toBe(false);
  });

  it('puts typical skin colours in their range by their typology angle, lighter skin at higher angles', () => {
    for (const range of SKIN_TONE_RANGES) {
      for (const colour of SKIN[range]) expect(rangeOfAngle(typologyAngle(...hex(colour))), colour).toBe(range);
    }
    const [light, mediumLight, mediumDark] = ITA_BOUNDS;
    expect([rangeOfAngle(light + 0.1), rangeOfAngle(light), rangeOfAngle(mediumLight), rangeOfAngle(mediumDark), rangeOfAngle(-80)]).toEqual([
      'light',
      'medium_light',
      'medium_dark',
      'dark',
      'dark',
    ]);
    expect(typologyAngle(255, 224, 196)).toBeGreaterThan(typologyAngle(141, 85, 36));
  });

  it('classifies a block of skin in its range, also with noise, and each swatch of the filter row in its own range', () => {
    for (const range of SKIN_TONE_RANGES) {
      for (const colour of SKIN[range]) {
        expect(skinToneOf(block([[colour, 64 * 64]])), colour).toBe(range);
        expect(skinToneOf(noisy(colour, 64 * 64, colour)), `${colour} with noise`).toBe(range);
      }
      expect(skinToneOf(block([[SKIN_TONE_SWATCHES[range], 400]]))).toBe(range);
    }
  });

  it('answers none when too little of the picture is skin', () => {
    const total = 4096;
    const enough = Math.ceil(total * SKIN_SHARE_MIN);
    expect(
      skinToneOf(
        block([
          ['#6a4230', enough - 1],
          ['#1d3557', total - enough + 1],
        ]),
      ),
    ).toBe('none');
    expect(
      skinToneOf(
        block([
          ['#6a4230', enough],
          ['#1d3557', total - enough],
        ]),
      ),
    ).toBe('dark');
    expect(skinToneOf(block([['#2a9d8f', total]]))).toBe('none');
    expect(skinToneOf(new Uint8Array(0))).toBe('none');
  });

  it('reads the typical skin: the median, so a smaller area of another range does not decide', () => {
    expect(
      skinToneOf(
        block([
          ['#f6d5be', 600],
          ['#6a4230', 400],
          ['#1d3557', 3000],
        ]),
      ),
    ).toBe('light');
    expect(
      skinToneOf(
        block([
          ['#f6d5be', 400],
          ['#6a4230', 600],
          ['#1d3557', 3000],
        ]),
      ),
    ).toBe('dark');
  });

  it('ignores transparent pixels, in the skin and in the share', () => {
    const transparentSkin = block([['#f6d5be', 3000]], 0);
    const opaque = block([
      ['#6a4230', 500],
      ['#1d3557', 500],
    ]);
    expect(skinToneOf(Uint8Array.from([...transparentSkin, ...opaque]))).toBe('dark');
    expect(skinToneOf(block([['#f6d5be', 4096]], 0))).toBe('none');
  });

  it('is part of the analysis of every picture the pipeline processes', async () => {
    const face = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#2a9d8f' } })
      .composite([{ input: { create: { width: 180, height: 240, channels: 3, background: '#8d5524' } }, left: 60, top: 80 }])
      .jpeg()
      .toBuffer();
    expect((await processImage(face)).skinTone).toBe('dark');
    const raw = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#ffe0c4' } })
      .raw()
      .toBuffer();
    expect((await analyseImage({ data: raw, width: 64, height: 64, channels: 4 })).skinTone).toBe('light');
    expect(
      (
        await processImage(
          await sharp({ create: { width: 200, height: 200, channels: 3, background: '#1d3557' } })
            .png()
            .toBuffer(),
        )
      ).skinTone,
    ).toBe('none');
  });

  it('finds the range the demo world painted its beauty and fashion pictures in, at every aspect ratio', async () => {
    for (const [i, aspect] of ASPECTS.entries()) {
      for (const range of SKIN_TONE_RANGES) {
        for (const paint of [paintBeauty, paintFashion]) {
          const svg = paint(createRandom(`skin/${aspect.name}/${range}/${i}`), canvasOf(aspect.name), range);
          const png = await sharp(Buffer.from(svg)).png().toBuffer();
          expect((await processImage(png)).skinTone, `${paint.name} ${aspect.name} ${range}`).toBe(range);
        }
      }
    }
  }, 120_000);
});
