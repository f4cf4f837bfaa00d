import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../deps.ts';
import type { Media } from '../db/schema/media.ts';
import { processImage, type ImageInput } from './image-pipeline.ts';
import { VIDEO_TYPES } from './limits.ts';
import type { ReadyMedia } from './media.repo.ts';
import { storeImageVariants, storeVideo, type StoredImages } from './media-store.ts';
import { scratchDir } from './scratch.ts';
import type { SkinTone } from './skin-tone.ts';
import { processVideo } from './video-pipeline.ts';

export type ProcessOptions = {
  /** Runs after the file is processed and before its first file is stored (inline ingestion books its orphan sweep). */
  beforeStoring?: () => Promise<void>;
};

/**
 * Turns a source file into stored files and the row update that names them. Every file is
 * durable in the blob store before this resolves; the caller commits the row after.
 * Expected failures (an unreadable file, a missing ffmpeg) are AppErrors carrying the reason.
 */
export async function processMediaFile(deps: Deps, media: Media, file: string, options: ProcessOptions = {}): Promise<ReadyMedia> {
  const beforeStoring = options.beforeStoring ?? (() => Promise.resolve());
  if (media.kind === 'image') return processImageMedia(deps, media, file, beforeStoring);
  const type = VIDEO_TYPES.find((t) => t === media.source_type);
  if (!type) throw new Error(`Media ${media.id} has an unknown video type ${media.source_type}`);
  const workDir = await fsp.mkdtemp(path.join(await scratchDir(deps, 'work'), 'video-'));
  try {
    const video = await processVideo(deps.mediaTools, file, type, workDir);
    const poster = await processImage(video.thumbnail);
    await beforeStoring();
    const images = await storeImageVariants(deps, media, poster.variants);
    const videos = await storeVideo(deps, media, video);
    return {
      ...analysisColumns(poster, images),
      width: video.mp4.width,
      height: video.mp4.height,
      duration_ms: video.durationMs,
      videos: JSON.stringify(videos),
    };
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}

async function processImageMedia(deps: Deps, media: Media, input: ImageInput, beforeStoring: () => Promise<void>): Promise<ReadyMedia> {
  const image = await processImage(input);
  await beforeStoring();
  const images = await storeImageVariants(deps, media, image.variants);
  return { ...analysisColumns(image, images), width: image.width, height: image.height, duration_ms: null, videos: null };
}

function analysisColumns(
  image: { dominantColor: string; placeholder: string; signature: string; features: Buffer; skinTone: SkinTone },
  images: StoredImages,
): Pick<ReadyMedia, 'dominant_color' | 'placeholder' | 'signature' | 'features' | 'skin_tone' | 'images'> {
  return {
    dominant_color: image.dominantColor,
    placeholder: image.placeholder,
    signature: image.signature,
    features: image.features,
    skin_tone: image.skinTone,
    images: JSON.stringify(images),
  };
}
