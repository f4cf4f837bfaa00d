import sharp, { type Sharp } from 'sharp';
import { isPixelLimit, tooManyPixels, unreadableImage } from './image-errors.ts';
import { MAX_INPUT_PIXELS } from './limits.ts';

export type ImageInput = string | Buffer;

type FailOn = 'truncated' | 'warning';

/** pages 1: an animated GIF or WebP gives its first frame (docs/decisions/0008-media-pipeline.md). */
export function openImage(input: ImageInput, failOn: FailOn = 'truncated'): Sharp {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn, pages: 1 });
}

/**
 * libjpeg meets the end of the data before the frame it declares is filled: it only warns and
 * paints the rest grey, whether the file was cut (and closed with an EOI) or never held the
 * pixels (a 2 KB header declaring 16383×6100). Both are refused.
 */
function isMissingData(error: unknown): boolean {
  return error instanceof Error && /premature end/i.test(error.message);
}

/**
 * Runs a decode that proves every pixel is there. It runs first with decoder warnings as errors,
 * so missing data is refused; a file failing on another warning (a camera's harmless quirk, an
 * odd profile) is decoded again refusing only what failOn 'truncated' refuses.
 */
export async function decodeWhole<T>(input: ImageInput, run: (image: Sharp) => Promise<T>): Promise<T> {
  try {
    return await run(openImage(input, 'warning'));
  } catch (error) {
    if (isPixelLimit(error)) throw tooManyPixels();
    if (isMissingData(error)) throw unreadableImage();
  }
  return run(openImage(input, 'truncated')).catch((error: unknown) => {
    throw isPixelLimit(error) ? tooManyPixels() : unreadableImage();
  });
}
