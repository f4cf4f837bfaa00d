import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { encodeFeatures, labHistogram, perceptualHash } from './features.ts';
import { skinToneOf, type SkinTone } from './skin-tone.ts';

/** Decoded pixels: 8-bit sRGB, row by row, 3 or 4 channels. */
export type RawImage = { data: Buffer; width: number; height: number; channels: 3 | 4 };

export type ImageAnalysis = {
  /** `#rrggbb`, the most frequent colour (alpha flattened onto white); see dominantColour. */
  dominantColor: string;
  /** ThumbHash of the picture, base64: a blurred placeholder of about 25 bytes. */
  placeholder: string;
  /** 73 bytes, laid out in features.ts. */
  features: Buffer;
  /** The skin tone range the picture shows, or 'none' (skin-tone.ts). */
  skinTone: SkinTone;
};

/** Computed from the small copy (at most 236 wide): two tiny resizes and a few passes over 64×64 pixels. */
export async function analyseImage(copy: RawImage): Promise<ImageAnalysis> {
  const raw = { raw: { width: copy.width, height: copy.height, channels: copy.channels } };
  const [small, grey] = await Promise.all([
    sharp(copy.data, raw).ensureAlpha().resize(64, 64, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true }),
    sharp(copy.data, raw).flatten({ background: '#ffffff' }).greyscale().resize(32, 32, { fit: 'fill' }).extractChannel(0).raw().toBuffer(),
  ]);
  const smallPixels = new Uint8Array(small.data.buffer, small.data.byteOffset, small.data.length);
  const placeholder = Buffer.from(rgbaToThumbHash(small.info.width, small.info.height, smallPixels)).toString('base64');
  const features = encodeFeatures(perceptualHash(new Uint8Array(grey)), labHistogram(smallPixels));
  return { dominantColor: dominantColour(smallPixels), placeholder, features, skinTone: skinToneOf(smallPixels) };
}

/**
 * The mean colour of the most populous of 4096 colour cells (4 bits a channel), over RGBA pixels
 * flattened onto white: a colour that is really in the picture, not a muddy average of it. Ties
 * go to the cell that reached the count first.
 */
export function dominantColour(rgba: Uint8Array): string {
  const counts = new Uint32Array(4096);
  const sums = new Float64Array(4096 * 3);
  let best = -1;
  for (let i = 0; i + 3 < rgba.length; i += 4) {
    const alpha = (rgba[i + 3] ?? 0) / 255;
    const r = Math.round((rgba[i] ?? 0) * alpha + 255 * (1 - alpha));
    const g = Math.round((rgba[i + 1] ?? 0) * alpha + 255 * (1 - alpha));
    const b = Math.round((rgba[i + 2] ?? 0) * alpha + 255 * (1 - alpha));
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    counts[key] = (counts[key] ?? 0) + 1;
    sums[3 * key] = (sums[3 * key] ?? 0) + r;
    sums[3 * key + 1] = (sums[3 * key + 1] ?? 0) + g;
    sums[3 * key + 2] = (sums[3 * key + 2] ?? 0) + b;
    if (best < 0 || (counts[key] ?? 0) > (counts[best] ?? 0)) best = key;
  }
  if (best < 0) return '#ffffff';
  const count = counts[best] ?? 1;
  return toHex({ r: (sums[3 * best] ?? 0) / count, g: (sums[3 * best + 1] ?? 0) / count, b: (sums[3 * best + 2] ?? 0) / count });
}

/**
 * The spec's imageSignature: SHA-256 of the stored original's bytes, cut to 128 bits (32 hex),
 * as the reference service hashes the original file. The same file gives the same signature, and
 * so does the same JPEG with other metadata (only its image segments are stored); a recompressed
 * copy does not (features.ts has the near match).
 */
export function imageSignature(original: Buffer): string {
  return createHash('sha256').update(original).digest('hex').slice(0, 32);
}

function toHex(colour: { r: number; g: number; b: number }): string {
  return `#${[colour.r, colour.g, colour.b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}
