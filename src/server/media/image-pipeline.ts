import sharp, { type Sharp } from 'sharp';
import { AppError } from '../errors.ts';
import { analyseImage, imageSignature, type ImageAnalysis, type RawImage } from './image-analysis.ts';
import { MAX_INPUT_PIXELS, MAX_SIDE } from './limits.ts';
import { planAllSizes, type ImageSize, type Region, type SizePlan } from './sizes.ts';

// Each upload is a different picture: libvips's operation cache would only hold memory.
sharp.cache(false);

export type ImageInput = string | Buffer;

export type ImageVariant = {
  size: ImageSize;
  data: Buffer;
  width: number;
  height: number;
  contentType: 'image/jpeg' | 'image/webp';
  ext: 'jpg' | 'webp';
};

export type ProcessedImage = ImageAnalysis & { signature: string; width: number; height: number; variants: ImageVariant[] };

/** Where sized variants come from unless the box needs more pixels than it holds. */
const BASE_WIDTH = 736;

/**
 * failOn 'truncated': a cut-off file is refused rather than completed with grey; pages 1: an
 * animated GIF or WebP gives its first frame (docs/decisions/0008-media-pipeline.md).
 */
function open(input: ImageInput): Sharp {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', pages: 1 });
}

const unreadable = () => new AppError('bad_request', 'The image could not be read. It may be damaged or incomplete.');

/**
 * Checks an image from its header and a reduced decode, before it is accepted: the format must be
 * the sniffed one, the size within bounds, and every byte of the picture present.
 */
export async function verifyImage(input: ImageInput, expectedFormat: string): Promise<{ width: number; height: number }> {
  const meta = await open(input).metadata().catch((error: unknown) => {
    throw isPixelLimit(error) ? tooManyPixels() : unreadable();
  });
  if (meta.format !== expectedFormat) throw unreadable();
  const width = meta.autoOrient.width;
  const height = meta.autoOrient.height;
  if (width * height > MAX_INPUT_PIXELS) throw tooManyPixels();
  if (width > MAX_SIDE || height > MAX_SIDE) {
    throw new AppError('bad_request', `Images may be at most ${MAX_SIDE} pixels wide or tall.`);
  }
  // JPEG decodes at reduced scale still read every scan, so truncation shows at a fraction of the cost.
  await open(input).resize(256, 256, { fit: 'inside' }).raw().toBuffer().catch(() => {
    throw unreadable();
  });
  return { width, height };
}

const tooManyPixels = () =>
  new AppError('bad_request', `The image has too many pixels (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels).`);

function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Decodes the original and, side by side, a copy reduced to 736 wide at decode time (JPEG
 * shrink-on-load), then writes every size of the spec and analyses the pixels. The original's
 * encode, the smaller sizes, the analysis and the signature's hash also run side by side.
 */
export async function processImage(input: ImageInput): Promise<ProcessedImage> {
  const [full, reduced] = await Promise.all([decodeNormalised(input), decodeReduced(input)]);
  const base = reduced ? await matchChannels(reduced, full.channels) : full;
  const format = full.channels === 4 ? ('webp' as const) : ('jpeg' as const);
  const rendering = Promise.all(planAllSizes(full.width, full.height).map((plan) => renderVariant(plan, full, base, format)));
  const analysing = analyseImage(base);
  // Hashed on the main thread while libvips threads encode.
  const signature = imageSignature(full);
  const [variants, analysis] = await Promise.all([rendering, analysing]);
  return { width: full.width, height: full.height, variants, signature, ...analysis };
}

/**
 * Auto-oriented 8-bit sRGB pixels, RGB or RGBA; an alpha channel that is opaque everywhere is
 * dropped, so the same picture as PNG or JPEG is the same pixels (and the same signature).
 */
async function decodeNormalised(input: ImageInput): Promise<RawImage> {
  const { data, info } = await open(input)
    .autoOrient()
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      throw isPixelLimit(error) ? tooManyPixels() : unreadable();
    });
  const image: RawImage = { data, width: info.width, height: info.height, channels: info.channels === 4 ? 4 : 3 };
  if (info.channels !== 3 && info.channels !== 4) throw unreadable();
  if (image.channels === 4 && isOpaque(data)) {
    const rgb = await fromRaw(image).removeAlpha().raw().toBuffer();
    return { ...image, data: rgb, channels: 3 };
  }
  return image;
}

function isOpaque(rgba: Buffer): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}

export function fromRaw(image: RawImage): Sharp {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
}

/** The picture at BASE_WIDTH, or null when it is no wider; JPEG decodes it at a fraction of the cost. */
async function decodeReduced(input: ImageInput): Promise<RawImage | null> {
  const meta = await open(input).metadata().catch(() => {
    throw unreadable();
  });
  if (meta.autoOrient.width <= BASE_WIDTH) return null;
  const { data, info } = await open(input)
    .autoOrient()
    .toColourspace('srgb')
    .resize({ width: BASE_WIDTH })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      throw isPixelLimit(error) ? tooManyPixels() : unreadable();
    });
  return { data, width: info.width, height: info.height, channels: info.channels === 4 ? 4 : 3 };
}

/** The reduced copy drops an alpha channel exactly when the original did. */
async function matchChannels(image: RawImage, channels: 3 | 4): Promise<RawImage> {
  if (image.channels === channels) return image;
  const converted = channels === 3 ? fromRaw(image).removeAlpha() : fromRaw(image).ensureAlpha(1);
  return { ...image, data: await converted.raw().toBuffer(), channels };
}

async function renderVariant(plan: SizePlan, full: RawImage, base: RawImage, format: 'jpeg' | 'webp'): Promise<ImageVariant> {
  const { image, region } = sourceFor(plan, full, base);
  let pipeline = fromRaw(image);
  const whole = region.width === image.width && region.height === image.height;
  if (!whole) pipeline = pipeline.extract(region);
  if (region.width !== plan.width || region.height !== plan.height) {
    // The region already has the box's aspect ratio, so filling it stretches by under a pixel.
    pipeline = pipeline.resize(plan.width, plan.height, { fit: 'fill' });
  }
  const original = plan.size === 'orig';
  const data =
    format === 'jpeg'
      ? await pipeline.jpeg({ quality: original ? 90 : 82, optimiseCoding: !original }).toBuffer()
      : await pipeline.webp({ quality: original ? 90 : 82, effort: original ? 2 : 4 }).toBuffer();
  return {
    size: plan.size,
    data,
    width: plan.width,
    height: plan.height,
    contentType: format === 'jpeg' ? 'image/jpeg' : 'image/webp',
    ext: format === 'jpeg' ? 'jpg' : 'webp',
  };
}

/** The reduced copy serves every box it has enough pixels for; the others come from the original. */
function sourceFor(plan: SizePlan, full: RawImage, base: RawImage): { image: RawImage; region: Region } {
  if (base === full) return { image: full, region: plan.region };
  const factor = base.width / full.width;
  const left = Math.min(base.width - 1, Math.floor(plan.region.left * factor));
  const top = Math.min(base.height - 1, Math.floor(plan.region.top * factor));
  const region = {
    left,
    top,
    width: Math.max(1, Math.min(base.width - left, Math.round(plan.region.width * factor))),
    height: Math.max(1, Math.min(base.height - top, Math.round(plan.region.height * factor))),
  };
  if (region.width >= plan.width && region.height >= plan.height) return { image: base, region };
  return { image: full, region: plan.region };
}
