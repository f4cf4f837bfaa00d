import { AppError } from '../errors.ts';
import type { Region } from '../media/sizes.ts';
import { MIN_CROP_PIXELS, type Crop } from '../../shared/contracts/visual.ts';

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
