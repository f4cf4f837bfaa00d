import { z } from 'zod';
import { AppError } from '../errors.ts';
import type { Region } from '../media/sizes.ts';

/**
 * The box a member draws over a pin's picture: x, y, w, h as fractions of the picture's width and
 * height (business spec: VisualSearchFlashlightUnifiedResource crop x y w h). A box must lie inside
 * the picture and be at least MIN_CROP of each side: a smaller one holds too few pixels to say
 * what it shows.
 */
export const MIN_CROP = 0.05;
/** Fewer pixels than this a side, and the features would describe noise. */
export const MIN_CROP_PIXELS = 16;
/** Rounding in the client's arithmetic (0.1 + 0.9) may overshoot an edge by this much. */
const EDGE_SLACK = 1e-9;

export type Crop = { x: number; y: number; w: number; h: number };

export const WHOLE_PICTURE: Crop = { x: 0, y: 0, w: 1, h: 1 };

const Fraction = z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1');
const Side = z.number().min(MIN_CROP, `must be at least ${MIN_CROP} of the picture`).max(1, 'must be between 0 and 1');

export const CropOptions = z
  .strictObject({ x: Fraction, y: Fraction, w: Side, h: Side })
  .refine((c) => c.x + c.w <= 1 + EDGE_SLACK, { message: 'The box must lie inside the picture (x + w at most 1).', path: ['w'] })
  .refine((c) => c.y + c.h <= 1 + EDGE_SLACK, { message: 'The box must lie inside the picture (y + h at most 1).', path: ['h'] });

/** The crop in pixels of a picture of this size, inside it; too few pixels answer 400. */
export function cropRegion(crop: Crop, width: number, height: number): Region {
  const left = Math.min(width - 1, Math.max(0, Math.round(crop.x * width)));
  const top = Math.min(height - 1, Math.max(0, Math.round(crop.y * height)));
  const region = {
    left,
    top,
    width: Math.min(width - left, Math.max(1, Math.round(crop.w * width))),
    height: Math.min(height - top, Math.max(1, Math.round(crop.h * height))),
  };
  if (region.width < MIN_CROP_PIXELS || region.height < MIN_CROP_PIXELS) {
    throw new AppError('bad_request', 'crop: This area is too small to search. Draw a larger box.');
  }
  return region;
}

export function isWholePicture(crop: Crop): boolean {
  return crop.x === 0 && crop.y === 0 && crop.w === 1 && crop.h === 1;
}
