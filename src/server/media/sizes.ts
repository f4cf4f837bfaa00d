/**
 * The image sizes of the spec (viewer spec sections 3 and 9) and the rule that turns an original
 * of W×H pixels into each of them. Pure, so the rules are unit-tested on their own.
 *
 * - `Nx` sizes are bounded by width and keep the aspect ratio; they are never upscaled.
 * - `WxH` sizes are centre crops to that aspect ratio (60x60 and 136x136 squares, 600x315 the
 *   Open Graph card); an original smaller than the box keeps its own pixels at the box's aspect.
 * - `orig` is the whole original: a JPEG needing no pixel change keeps its compressed data,
 *   anything else is re-encoded (image-pipeline.ts). Beyond MAX_ORIGINAL_PIXELS it is scaled
 *   down to that many pixels, keeping its aspect ratio.
 */
export const IMAGE_SIZES = ['60x60', '90x90', '136x136', '170x', '222x', '236x', '474x', '564x', '736x', '600x315', 'orig'] as const;

export type ImageSize = (typeof IMAGE_SIZES)[number];

/**
 * The most pixels the `orig` size holds: 4096×4096, 16.7 megapixels. A browser opening it decodes
 * at most 64 MB of RGBA, it is the largest canvas iOS Safari allows, and a 12 MP phone photo
 * (4032×3024) is served whole; 48 MP photos and 100 MP panoramas are scaled down to it. Uploads
 * are accepted up to MAX_INPUT_PIXELS (limits.ts); the media's own width and height stay theirs.
 */
export const MAX_ORIGINAL_PIXELS = 4096 * 4096;

export type Region = { left: number; top: number; width: number; height: number };

/** Which part of the original to take and the pixel size to scale it to. */
export type SizePlan = { size: ImageSize; region: Region; width: number; height: number };

type SizeRule = { kind: 'orig' } | { kind: 'width'; width: number } | { kind: 'box'; width: number; height: number };

export function sizeRule(size: ImageSize): SizeRule {
  if (size === 'orig') return { kind: 'orig' };
  const match = /^(\d+)x(\d*)$/.exec(size);
  if (!match) throw new Error(`Unknown image size ${size}`);
  const width = Number(match[1]);
  return match[2] ? { kind: 'box', width, height: Number(match[2]) } : { kind: 'width', width };
}

export function planSize(size: ImageSize, width: number, height: number): SizePlan {
  if (width < 1 || height < 1) throw new Error('An image has at least one pixel');
  const whole: Region = { left: 0, top: 0, width, height };
  const rule = sizeRule(size);
  if (rule.kind === 'orig') return { size, region: whole, ...originalSize(width, height) };
  if (rule.kind === 'width') {
    const outWidth = Math.min(rule.width, width);
    return { size, region: whole, width: outWidth, height: scaled(height, outWidth / width) };
  }
  const region = centreCrop(width, height, rule.width / rule.height);
  if (region.width <= rule.width) return { size, region, width: region.width, height: region.height };
  return { size, region, width: rule.width, height: rule.height };
}

/** The largest centred region of the given aspect ratio (width / height). */
export function centreCrop(width: number, height: number, aspect: number): Region {
  if (width / height > aspect) {
    const cropWidth = Math.max(1, Math.min(width, Math.round(height * aspect)));
    return { left: Math.floor((width - cropWidth) / 2), top: 0, width: cropWidth, height };
  }
  const cropHeight = Math.max(1, Math.min(height, Math.round(width / aspect)));
  return { left: 0, top: Math.floor((height - cropHeight) / 2), width, height: cropHeight };
}

export function planAllSizes(width: number, height: number): SizePlan[] {
  return IMAGE_SIZES.map((size) => planSize(size, width, height));
}

/** The original's own size, or scaled down to at most MAX_ORIGINAL_PIXELS with its aspect ratio. */
export function originalSize(width: number, height: number): { width: number; height: number } {
  if (width * height <= MAX_ORIGINAL_PIXELS) return { width, height };
  const factor = Math.sqrt(MAX_ORIGINAL_PIXELS / (width * height));
  return { width: Math.max(1, Math.floor(width * factor)), height: Math.max(1, Math.floor(height * factor)) };
}

function scaled(length: number, factor: number): number {
  return Math.max(1, Math.round(length * factor));
}

/** The 720p rendition: the short side at most 720 and the long side at most 1280, even, never upscaled. */
export function planVideoSize(width: number, height: number): { width: number; height: number } {
  const landscape = width >= height;
  const [long, short] = landscape ? [width, height] : [height, width];
  const factor = Math.min(1, 1280 / long, 720 / short);
  const even = (n: number) => Math.max(2, 2 * Math.round((n * factor) / 2));
  const [outLong, outShort] = [even(long), even(short)];
  return landscape ? { width: outLong, height: outShort } : { width: outShort, height: outLong };
}
