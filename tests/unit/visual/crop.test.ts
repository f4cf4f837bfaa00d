import { describe, expect, it } from 'vitest';
import { cropRegion } from '../../../src/server/visual/crop.ts';
import { CropOptions, MIN_CROP } from '../../../src/shared/contracts/visual.ts';

const valid = (crop: unknown) => CropOptions.safeParse(crop).success;
const message = (crop: unknown) => CropOptions.safeParse(crop).error?.issues[0];

describe('a crop box over a picture', () => {
  it('takes fractions of the picture from 0 to 1, inside it, at least MIN_CROP a side', () => {
    expect(valid({ x: 0, y: 0, w: 1, h: 1 })).toBe(true);
    expect(valid({ x: 0.25, y: 0.5, w: 0.75, h: 0.5 })).toBe(true);
    // Client arithmetic: 0.1 + 0.9 and 0.7 + 0.3 may land a hair past 1.
    expect(valid({ x: 0.1, y: 0.7, w: 0.9, h: 0.3 })).toBe(true);
    expect(valid({ x: 0, y: 0, w: MIN_CROP, h: MIN_CROP })).toBe(true);
  });

  it('refuses boxes outside the picture, empty or tiny, or of the wrong shape', () => {
    expect(message({ x: 1.01, y: 0, w: 0.5, h: 0.5 })).toMatchObject({ path: ['x'] });
    expect(message({ x: 0, y: -0.01, w: 0.5, h: 0.5 })).toMatchObject({ path: ['y'] });
    expect(message({ x: 0.6, y: 0, w: 0.5, h: 0.5 })).toMatchObject({ path: ['w'], message: expect.stringMatching(/inside the picture/) as unknown });
    expect(message({ x: 0, y: 0.51, w: 0.5, h: 0.5 })).toMatchObject({ path: ['h'] });
    expect(message({ x: 0, y: 0, w: 0, h: 0.5 })).toMatchObject({ path: ['w'] });
    expect(message({ x: 0, y: 0, w: 0.5, h: MIN_CROP / 2 })).toMatchObject({ path: ['h'] });
    for (const wrong of [
      null,
      '0,0,1,1',
      [0, 0, 1, 1],
      { x: '0', y: 0, w: 1, h: 1 },
      { x: 0, y: 0, w: 1 },
      { x: 0, y: 0, w: 1, h: 1, z: 0 },
      { x: Number.NaN, y: 0, w: 1, h: 1 },
      { x: 0, y: 0, w: Infinity, h: 1 },
    ]) {
      expect(valid(wrong), JSON.stringify(wrong)).toBe(false);
    }
  });

  it('becomes a region of whole pixels inside the picture', () => {
    expect(cropRegion({ x: 0, y: 0, w: 1, h: 1 }, 736, 552)).toEqual({ left: 0, top: 0, width: 736, height: 552 });
    expect(cropRegion({ x: 0.5, y: 0.25, w: 0.5, h: 0.5 }, 736, 552)).toEqual({ left: 368, top: 138, width: 368, height: 276 });
    expect(cropRegion({ x: 0.1, y: 0.7, w: 0.9, h: 0.3 + 1e-12 }, 101, 99)).toEqual({ left: 10, top: 69, width: 91, height: 30 });
  });

  it('refuses a region of fewer than 16 pixels a side, however large a fraction', () => {
    expect(() => cropRegion({ x: 0, y: 0, w: 0.1, h: 0.1 }, 40, 60)).toThrow(/too small/);
    expect(() => cropRegion({ x: 0, y: 0, w: 1, h: 1 }, 15, 400)).toThrow(/too small/);
  });
});
