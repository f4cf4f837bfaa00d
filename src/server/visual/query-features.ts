import { buffer } from 'node:stream/consumers';
import sharp, { type Sharp } from 'sharp';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { analyseImage, type RawImage } from '../media/image-analysis.ts';
import { isPixelLimit, tooManyPixels, unreadableImage } from '../media/image-errors.ts';
import { checkImageHeader, fromRaw } from '../media/image-pipeline.ts';
import { MAX_INPUT_PIXELS } from '../media/limits.ts';
import type { StoredImages } from '../media/media-store.ts';
import { decoderFormat, sniffFile } from '../media/sniff.ts';
import { cropRegion } from './crop.ts';
import { type Crop } from '../../shared/contracts/visual.ts';

/**
 * The features of a query picture, computed as the media pipeline computes a stored picture's
 * (media/image-pipeline.ts `processImage`): the picture auto-oriented in sRGB, at most 736 wide
 * (shrink-on-load), an alpha channel that is opaque everywhere dropped, then a copy at most 236
 * wide, analysed by `analyseImage`. A picture searched for as uploaded therefore has the features
 * it would have as a pin (a unit test holds the two equal). Nothing is stored.
 */
const BASE_WIDTH = 736;
const SMALL_WIDTH = 236;

function open(input: string | Buffer): Sharp {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', pages: 1 });
}

/**
 * An uploaded or pasted file: sniffed from its bytes (never its name or type), images only, the
 * pixel and side limits read from the header before any decoding.
 */
export async function featuresOfUpload(file: string): Promise<Buffer> {
  const sniffed = await sniffFile(file);
  if (sniffed.kind !== 'image') throw new AppError('unsupported_media_type', 'Only images can be searched with. Use a JPEG, PNG, WebP or GIF image.');
  const { width } = await checkImageHeader(file, decoderFormat(sniffed.type));
  return featuresOfPicture(await decodeBase(file, width));
}

async function decodeBase(input: string | Buffer, width: number): Promise<RawImage> {
  let pipeline = open(input).autoOrient().toColourspace('srgb');
  if (width > BASE_WIDTH) pipeline = pipeline.resize({ width: BASE_WIDTH });
  const { data, info } = await pipeline
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      throw isPixelLimit(error) ? tooManyPixels() : unreadableImage();
    });
  if (info.channels !== 3 && info.channels !== 4) throw unreadableImage();
  return withoutOpaqueAlpha({ data, width: info.width, height: info.height, channels: info.channels });
}

async function withoutOpaqueAlpha(image: RawImage): Promise<RawImage> {
  if (image.channels === 3) return image;
  for (let i = 3; i < image.data.length; i += 4) if (image.data[i] !== 255) return image;
  return { ...image, data: await fromRaw(image).removeAlpha().raw().toBuffer(), channels: 3 };
}

/** The 236-wide copy and its analysis: what every stored picture's features come from. */
async function featuresOfPicture(base: RawImage): Promise<Buffer> {
  let small = base;
  if (base.width > SMALL_WIDTH) {
    const { data, info } = await fromRaw(base).resize({ width: SMALL_WIDTH }).raw().toBuffer({ resolveWithObject: true });
    small = { data, width: info.width, height: info.height, channels: base.channels };
  }
  return (await analyseImage(small)).features;
}

/** The stored size a crop is cut from: the 736-wide copy, else the original. */
const CROP_SOURCES = ['736x', 'orig'] as const;

/**
 * The features of part of a pin's picture: its stored 736-wide copy read back from the blob
 * store, the box cut from it, then the same steps as any picture.
 */
export async function featuresOfCrop(deps: Deps, imagesJson: string | null, crop: Crop): Promise<Buffer> {
  const stored = imagesJson ? (JSON.parse(imagesJson) as StoredImages) : {};
  const source = CROP_SOURCES.map((size) => stored[size]).find((image) => image !== undefined);
  const blob = source ? await deps.ports.blobs.get(source.key) : null;
  if (!blob) throw new AppError('not_found', 'This Pin has no picture to search with.');
  const { data, info } = await open(await buffer(blob.body))
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3 && info.channels !== 4) throw unreadableImage();
  const picture: RawImage = { data, width: info.width, height: info.height, channels: info.channels };
  const region = cropRegion(crop, picture.width, picture.height);
  const whole = region.width === picture.width && region.height === picture.height;
  const cut = whole ? picture : { ...picture, ...(await extract(picture, region)) };
  return featuresOfPicture(await withoutOpaqueAlpha(cut));
}

async function extract(picture: RawImage, region: ReturnType<typeof cropRegion>): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await fromRaw(picture).extract(region).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
