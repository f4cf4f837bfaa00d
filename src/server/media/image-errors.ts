import { AppError } from '../errors.ts';
import { MAX_INPUT_PIXELS } from './limits.ts';

/** Every way a picture can fail to read (damaged, cut short, not what it claims) gives this one answer. */
export const unreadableImage = () => new AppError('bad_request', 'The image could not be read. It may be damaged or incomplete.');

export const tooManyPixels = () => new AppError('bad_request', `The image has too many pixels (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels).`);

/** sharp's refusal of a header beyond limitInputPixels. */
export function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}
