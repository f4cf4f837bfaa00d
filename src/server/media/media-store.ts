import fs from 'node:fs';
import path from 'node:path';
import type { Deps } from '../deps.ts';
import type { BlobEntry } from '../ports/blob/blob-store.ts';
import type { ImageVariant } from './image-pipeline.ts';
import { contentHash, fileContentHash, hlsFolder, imageKey, videoKey } from './media-keys.ts';
import type { ProcessedVideo } from './video-pipeline.ts';

export type StoredImage = { key: string; width: number; height: number; content_type: string };
export type StoredImages = Record<string, StoredImage>;
export type StoredVideo = { key: string; width: number; height: number; duration_ms: number };
export type StoredVideos = { V_720P: StoredVideo; V_HLSV4: StoredVideo };

type MediaKeys = { id: string; key_salt: string };

/** Puts every size, durable together before it resolves, so the row may name them after. */
export async function storeImageVariants(deps: Deps, media: MediaKeys, variants: ImageVariant[]): Promise<StoredImages> {
  const entries = variants.map((variant) => ({
    variant,
    key: imageKey(media.id, variant.size, contentHash(media.key_salt, variant.size, variant.data), variant.ext),
  }));
  await deps.ports.blobs.putAll(entries.map(({ key, variant }) => ({ key, body: variant.data, contentType: variant.contentType })));
  return Object.fromEntries(
    entries.map(({ key, variant }) => [variant.size, { key, width: variant.width, height: variant.height, content_type: variant.contentType }]),
  );
}

/** A long video has hundreds of segments; a batch at a time keeps descriptors and memory bounded. */
const SEGMENTS_PER_BATCH = 16;

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
  for (let i = 0; i < segments.length; i += SEGMENTS_PER_BATCH) {
    await deps.ports.blobs.putAll(segments.slice(i, i + SEGMENTS_PER_BATCH).map((name) => hlsEntry(folder, video.hls.dir, name)));
  }
  const last = hlsEntry(folder, video.hls.dir, playlist);
  await deps.ports.blobs.put(last.key, last.body, last.contentType);
  const size = { width: video.mp4.width, height: video.mp4.height, duration_ms: video.durationMs };
  return { V_720P: { key: mp4Key, ...size }, V_HLSV4: { key: `${folder}/${playlist}`, ...size } };
}

function hlsEntry(folder: string, dir: string, name: string): BlobEntry {
  const type = HLS_TYPES[path.extname(name)] ?? 'application/octet-stream';
  return { key: `${folder}/${name}`, body: fs.createReadStream(path.join(dir, name)), contentType: type };
}
