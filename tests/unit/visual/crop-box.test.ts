import { describe, expect, it } from 'vitest';
import { DEFAULT_CROP, keyed, MIN_SIDE, moveBy, normalise, resizeBy, spanned } from '../../../src/web/visual/crop-box.ts';
import { CropOptions } from '../../../src/shared/contracts/visual.ts';

describe('the lens box in the browser', () => {
  it('always makes a box the server takes', () => {
    const boxes = [
      DEFAULT_CROP,
      normalise({ x: -1, y: 2, w: 5, h: 0 }),
      moveBy(DEFAULT_CROP, 10, -10),
      resizeBy({ x: 0.9, y: 0.9, w: 0.1, h: 0.1 }, 1, 1),
      resizeBy(DEFAULT_CROP, -1, -1),
      spanned({ x: 0.999, y: 0.3 }, { x: 0.1, y: 0.9999 }) ?? DEFAULT_CROP,
      normalise({ x: 1 / 3, y: 2 / 3, w: 2 / 3, h: 1 / 3 }),
    ];
    for (const box of boxes) expect(CropOptions.safeParse(box).success, JSON.stringify(box)).toBe(true);
  });

  it('moves with the arrow keys, resizes with Shift, and stays inside', () => {
    expect(keyed(DEFAULT_CROP, 'ArrowRight', false)).toEqual({ x: 0.22, y: 0.2, w: 0.6, h: 0.6 });
    expect(keyed(DEFAULT_CROP, 'ArrowUp', false)).toEqual({ x: 0.2, y: 0.18, w: 0.6, h: 0.6 });
    expect(keyed(DEFAULT_CROP, 'ArrowLeft', true)).toEqual({ x: 0.2, y: 0.2, w: 0.58, h: 0.6 });
    expect(keyed(DEFAULT_CROP, 'ArrowDown', true)).toEqual({ x: 0.2, y: 0.2, w: 0.6, h: 0.62 });
    expect(keyed({ x: 0.4, y: 0, w: 0.6, h: 0.5 }, 'ArrowRight', false)).toEqual({ x: 0.4, y: 0, w: 0.6, h: 0.5 });
    expect(keyed({ x: 0, y: 0, w: MIN_SIDE, h: 0.5 }, 'ArrowLeft', true)).toEqual({ x: 0, y: 0, w: MIN_SIDE, h: 0.5 });
    expect(keyed(DEFAULT_CROP, 'Enter', false)).toBeNull();
  });

  it('draws a box from a drag either way round, and ignores a click', () => {
    expect(spanned({ x: 0.8, y: 0.9 }, { x: 0.2, y: 0.1 })).toEqual({ x: 0.2, y: 0.1, w: 0.6, h: 0.8 });
    expect(spanned({ x: 0.5, y: 0.5 }, { x: 0.51, y: 0.5 })).toBeNull();
    // A thin drag still makes a box the server's minimum wide.
    expect(spanned({ x: 0.1, y: 0.1 }, { x: 0.5, y: 0.12 })).toEqual({ x: 0.1, y: 0.1, w: 0.4, h: MIN_SIDE });
  });
});
