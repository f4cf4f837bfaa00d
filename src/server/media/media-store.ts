import fs from 'node:fs';
import path from 'node:path';
import type { Deps } from '../deps.ts';
import type { ImageVariant } from './image-pipeline.ts';
import { contentHash, fileContentHash, hlsFolder, imageKey, videoKey } from './media-keys.ts';
import type { ProcessedVideo } from './video-pipeline.ts';

export type StoredImage = { key: string; width: number; height: number; content_type: string };
export type StoredImages = Record<string, StoredImage>;
export type StoredVideo = { key: string; width: number; height: number; duration_ms: number };
export type StoredVideos = { V_720P: StoredVideo; V_HLSV4: StoredVideo };

type MediaKeys = { id: string; key_salt: string };

/** Puts every size; each put is durable before it resolves, so the row may name them after. */
export async function storeImageVariants(deps: Deps, media: MediaKeys, variants: ImageVariant[]): Promise<StoredImages> {
  const stored = await Promise.all(
    variants.map(async (variant) => {
      const key = imageKey(media.id, variant.size, contentHash(media.key_salt, variant.size, variant.data), variant.ext);
      await deps.ports.blobs.put(key, variant.data, variant.contentType);
      return [variant.size, { key, width: variant.width, height: variant.height, content_type: variant.contentType }] as const;
    }),
  );
  return Object.fromEntries(stored);
}

/** A long video has hundreds of segments; a few puts at a time keep descriptors and memory bounded. */
const PARALLEL_PUTS = 4;

const HLS_TYPES: Record<string, string> = { '.m3u8': 'application/vnd.apple.mpegurl', '.ts': 'video/mp2t' };

/**
 * The MP4 and the HLS folder. The folder is named from the MP4's hash (HLS is cut from it without
 * re-encoding), and the playlist names its segments relatively, so it works under any prefix.
 */
export async function storeVideo(deps: Deps, media: MediaKeys, video: ProcessedVideo): Promise<StoredVideos> {
  const hash = await fileContentHash(media.key_salt, '720p', video.mp4.file);
  const mp4Key = videoKey(media.id, hash);
  await deps.ports.blobs.put(mp4Key, fs.createReadStream(video.mp4.file), 'video/mp4');
  const folder = hlsFolder(media.id, hash);
  // Segments first, the playlist last: a playlist never names a segment that is not there.
  const [playlist = 'index.m3u8', ...segments] = video.hls.files;
  for (let i = 0; i < segments.length; i += PARALLEL_PUTS) {
    await Promise.all(segments.slice(i, i + PARALLEL_PUTS).map((name) => putHlsFile(deps, folder, video.hls.dir, name)));
  }
  await putHlsFile(deps, folder, video.hls.dir, playlist);
  const size = { width: video.mp4.width, height: video.mp4.height, duration_ms: video.durationMs };
  return { V_720P: { key: mp4Key, ...size }, V_HLSV4: { key: `${folder}/${playlist}`, ...size } };
}

async function putHlsFile(deps: Deps, folder: string, dir: string, name: string): Promise<void> {
  const type = HLS_TYPES[path.extname(name)] ?? 'application/octet-stream';
  await deps.ports.blobs.put(`${folder}/${name}`, fs.createReadStream(path.join(dir, name)), type);
}
