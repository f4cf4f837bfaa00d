import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { encodeFeatures, labHistogram, perceptualHash } from './features.ts';

/** Decoded pixels: 8-bit sRGB, row by row, 3 or 4 channels. */
export type RawImage = { data: Buffer; width: number; height: number; channels: 3 | 4 };

export type ImageAnalysis = {
  /** `#rrggbb`, the most frequent colour (alpha flattened onto white); see dominantColour. */
  dominantColor: string;
  /** ThumbHash of the picture, base64: a blurred placeholder of about 25 bytes. */
  placeholder: string;
  /** 73 bytes, laid out in features.ts. */
  features: Buffer;
};

/** Computed from the reduced copy (at most 736 wide), so it costs a few milliseconds. */
export async function analyseImage(base: RawImage): Promise<ImageAnalysis> {
  const raw = { raw: { width: base.width, height: base.height, channels: base.channels } };
  const [small, grey] = await Promise.all([
    sharp(base.data, raw).ensureAlpha().resize(64, 64, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true }),
    sharp(base.data, raw).flatten({ background: '#ffffff' }).greyscale().resize(32, 32, { fit: 'fill' }).extractChannel(0).raw().toBuffer(),
  ]);
  const smallPixels = new Uint8Array(small.data.buffer, small.data.byteOffset, small.data.length);
  const placeholder = Buffer.from(rgbaToThumbHash(small.info.width, small.info.height, smallPixels)).toString('base64');
  const features = encodeFeatures(perceptualHash(new Uint8Array(grey)), labHistogram(smallPixels));
  return { dominantColor: dominantColour(smallPixels), placeholder, features };
}

/**
 * The mean colour of the most populous of 4096 colour cells (4 bits a channel), over RGBA pixels
 * flattened onto white: a colour that is really in the picture, not a muddy average of it.
 */
export function dominantColour(rgba: Uint8Array): string {
  const cells = new Map<number, { count: number; r: number; g: number; b: number }>();
  let best: { count: number; r: number; g: number; b: number } | undefined;
  for (let i = 0; i + 3 < rgba.length; i += 4) {
    const alpha = (rgba[i + 3] ?? 0) / 255;
    const [r, g, b] = [rgba[i] ?? 0, rgba[i + 1] ?? 0, rgba[i + 2] ?? 0].map((c) => Math.round(c * alpha + 255 * (1 - alpha))) as [number, number, number];
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const cell = cells.get(key) ?? { count: 0, r: 0, g: 0, b: 0 };
    cell.count += 1;
    cell.r += r;
    cell.g += g;
    cell.b += b;
    cells.set(key, cell);
    if (!best || cell.count > best.count) best = cell;
  }
  if (!best) return '#ffffff';
  const count = best.count;
  return toHex({ r: best.r / count, g: best.g / count, b: best.b / count });
}

/**
 * The spec's imageSignature: SHA-256 over the size, the channel count and every normalised pixel
 * of the original, cut to 128 bits (32 hex). Identical pixels, identical signature.
 */
export function imageSignature(image: RawImage): string {
  const header = Buffer.alloc(9);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header.writeUInt8(image.channels, 8);
  return createHash('sha256').update('corkboard-image-signature-1').update(header).update(image.data).digest('hex').slice(0, 32);
}

function toHex(colour: { r: number; g: number; b: number }): string {
  return `#${[colour.r, colour.g, colour.b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}
