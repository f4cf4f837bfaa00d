import fsp from 'node:fs/promises';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '../errors.ts';
import { analyseImage, imageSignature, type ImageAnalysis, type RawImage } from './image-analysis.ts';
import { decodeWhole, openImage, type ImageInput } from './image-decode.ts';
import { isPixelLimit, tooManyPixels, unreadableImage } from './image-errors.ts';
import { isSrgbProfile } from './icc-profile.ts';
import { rebuildJpeg } from './jpeg-segments.ts';
import { MAX_INPUT_PIXELS, MAX_SIDE } from './limits.ts';
import { planAllSizes, type ImageSize, type Region, type SizePlan } from './sizes.ts';

// Each upload is a different picture: libvips's operation cache would only hold memory.
sharp.cache(false);

export type { ImageInput } from './image-decode.ts';

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
/** The sizes at most this wide (236x and under, the squares) and the analysis come from a copy this wide. */
const SMALL_WIDTH = 236;

/**
 * The checks the header allows, reading no pixels: the format must be the sniffed one and the
 * size within bounds. Inline ingestion runs only these first: its processing decodes every scan.
 */
export async function checkImageHeader(input: ImageInput, expectedFormat: string): Promise<{ width: number; height: number }> {
  const meta = await readHeader(input);
  if (meta.format !== expectedFormat) throw unreadableImage();
  const { width, height } = meta.autoOrient;
  if (width * height > MAX_INPUT_PIXELS) throw tooManyPixels();
  if (width > MAX_SIDE || height > MAX_SIDE) {
    throw new AppError('bad_request', `Images may be at most ${MAX_SIDE} pixels wide or tall.`);
  }
  return { width, height };
}

/** The header checks, then a reduced decode proving every byte of the picture is present (queued uploads). */
export async function verifyImage(input: ImageInput, expectedFormat: string): Promise<{ width: number; height: number }> {
  const size = await checkImageHeader(input, expectedFormat);
  // JPEG decodes at reduced scale still read every scan, so truncation shows at a fraction of the cost.
  await decodeWhole(input, (image) => image.resize(256, 256, { fit: 'inside' }).raw().toBuffer());
  return size;
}

function readHeader(input: ImageInput): Promise<Metadata> {
  return openImage(input)
    .metadata()
    .catch((error: unknown) => {
      throw isPixelLimit(error) ? tooManyPixels() : unreadableImage();
    });
}

/** The picture's pixels at the sizes variants are made from; the full resolution only when asked for. */
type Sources = { width: number; height: number; channels: 3 | 4; base: RawImage; full: () => Promise<RawImage> };

/**
 * Every size of the spec, the analysis and the signature. A JPEG that needs no pixel change
 * within MAX_ORIGINAL_PIXELS keeps its compressed data as `orig` (rebuilt from its image segments) and is decoded only at
 * 736 wide, with shrink-on-load; any other picture is decoded whole as well and `orig` re-encoded.
 * The small sizes and the analysis come from one 236-wide copy of the 736 one.
 */
export async function processImage(input: ImageInput): Promise<ProcessedImage> {
  const meta = await readHeader(input);
  const jpeg = await plainJpeg(input, meta);
  const sources = jpeg ? await plainSources(jpeg, meta) : await decodedSources(input, meta);
  const format = sources.channels === 4 ? ('webp' as const) : ('jpeg' as const);
  const small = smallCopy(sources.base);
  const variants = Promise.all(
    planAllSizes(sources.width, sources.height).map(async (plan) => {
      if (plan.size === 'orig') return originalVariant(plan, sources, jpeg, format);
      const candidates = plan.width <= SMALL_WIDTH ? [await small, sources.base] : [sources.base];
      return renderVariant(plan, await sourceFor(plan, sources, candidates), format);
    }),
  );
  const [rendered, analysis] = await Promise.all([variants, small.then(analyseImage)]);
  const original = rendered.find((variant) => variant.size === 'orig');
  if (!original) throw new Error('Every picture has an orig size');
  return { width: sources.width, height: sources.height, variants: rendered, signature: imageSignature(original.data), ...analysis };
}

/**
 * The upload rebuilt from its image segments when serving it needs no pixel change: no
 * rotation, greyscale or YCbCr (not CMYK), no colour profile or an sRGB one. Else null.
 */
async function plainJpeg(input: ImageInput, meta: Metadata): Promise<Buffer | null> {
  if (meta.format !== 'jpeg' || (meta.orientation ?? 1) !== 1) return null;
  if (meta.icc && !isSrgbProfile(meta.icc)) return null;
  const rebuilt = rebuildJpeg(typeof input === 'string' ? await fsp.readFile(input) : input);
  return rebuilt.sameColours ? rebuilt.data : null;
}

/** The 736 copy is decoded from the rebuilt bytes, so the file served is the file proven whole. */
async function plainSources(jpeg: Buffer, meta: Metadata): Promise<Sources> {
  const full = once(() => decodeNormalised(jpeg));
  const base = meta.width > BASE_WIDTH ? await decodeReduced(jpeg) : await full();
  return { width: meta.width, height: meta.height, channels: 3, base, full };
}

async function decodedSources(input: ImageInput, meta: Metadata): Promise<Sources> {
  const [full, reduced] = await Promise.all([decodeNormalised(input), meta.autoOrient.width > BASE_WIDTH ? decodeReduced(input) : Promise.resolve(null)]);
  const base = reduced ? await matchChannels(reduced, full.channels) : full;
  return { width: full.width, height: full.height, channels: full.channels, base, full: () => Promise.resolve(full) };
}

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/**
 * Auto-oriented 8-bit sRGB pixels, RGB or RGBA; an alpha channel that is opaque everywhere is
 * dropped, so the same picture as PNG or JPEG is the same pixels.
 */
async function decodeNormalised(input: ImageInput): Promise<RawImage> {
  const { data, info } = await decodeWhole(input, (image) =>
    image.autoOrient().toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true }),
  );
  const image: RawImage = { data, width: info.width, height: info.height, channels: info.channels === 4 ? 4 : 3 };
  if (info.channels !== 3 && info.channels !== 4) throw unreadableImage();
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

/** The picture `width` wide (BASE_WIDTH unless said); JPEG decodes it at a fraction of the cost (shrink-on-load). */
async function decodeReduced(input: ImageInput, width = BASE_WIDTH): Promise<RawImage> {
  const { data, info } = await decodeWhole(input, (image) =>
    image.autoOrient().toColourspace('srgb').resize({ width }).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true }),
  );
  return { data, width: info.width, height: info.height, channels: info.channels === 4 ? 4 : 3 };
}

/** The reduced copy drops an alpha channel exactly when the original did. */
async function matchChannels(image: RawImage, channels: 3 | 4): Promise<RawImage> {
  if (image.channels === channels) return image;
  const converted = channels === 3 ? fromRaw(image).removeAlpha() : fromRaw(image).ensureAlpha(1);
  return { ...image, data: await converted.raw().toBuffer(), channels };
}

/** The copy SMALL_WIDTH wide, made once; a base no wider is its own small copy. */
async function smallCopy(base: RawImage): Promise<RawImage> {
  if (base.width <= SMALL_WIDTH) return base;
  const { data, info } = await fromRaw(base).resize({ width: SMALL_WIDTH }).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: base.channels };
}

/**
 * The kept JPEG, or the picture re-encoded; one beyond MAX_ORIGINAL_PIXELS (sizes.ts) is scaled
 * down, a plain JPEG decoded straight at that size (shrink-on-load).
 */
async function originalVariant(plan: SizePlan, sources: Sources, jpeg: Buffer | null, format: 'jpeg' | 'webp'): Promise<ImageVariant> {
  const capped = plan.width !== sources.width || plan.height !== sources.height;
  if (!capped) return jpeg ? variant(plan, jpeg, 'jpeg') : renderVariant(plan, await sourceFor(plan, sources, [sources.base]), format);
  if (!jpeg) return renderVariant(plan, { image: await sources.full(), region: plan.region }, format);
  const image = await decodeReduced(jpeg, plan.width);
  return renderVariant(plan, { image, region: { left: 0, top: 0, width: image.width, height: image.height } }, format);
}

function variant(plan: SizePlan, data: Buffer, format: 'jpeg' | 'webp'): ImageVariant {
  const file = format === 'jpeg' ? ({ contentType: 'image/jpeg', ext: 'jpg' } as const) : ({ contentType: 'image/webp', ext: 'webp' } as const);
  return { size: plan.size, data, width: plan.width, height: plan.height, ...file };
}

async function renderVariant(plan: SizePlan, source: { image: RawImage; region: Region }, format: 'jpeg' | 'webp'): Promise<ImageVariant> {
  const { image, region } = source;
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
  return variant(plan, data, format);
}

/**
 * The first candidate (smallest first) holding enough pixels for the box, with the box's region
 * scaled to it; when none does, the full resolution.
 */
async function sourceFor(plan: SizePlan, sources: Sources, candidates: RawImage[]): Promise<{ image: RawImage; region: Region }> {
  for (const image of candidates) {
    if (image.width === sources.width) return { image, region: plan.region };
    const factor = image.width / sources.width;
    const left = Math.min(image.width - 1, Math.floor(plan.region.left * factor));
    const top = Math.min(image.height - 1, Math.floor(plan.region.top * factor));
    const region = {
      left,
      top,
      width: Math.max(1, Math.min(image.width - left, Math.round(plan.region.width * factor))),
      height: Math.max(1, Math.min(image.height - top, Math.round(plan.region.height * factor))),
    };
    if (region.width >= plan.width && region.height >= plan.height) return { image, region };
  }
  return { image: await sources.full(), region: plan.region };
}
