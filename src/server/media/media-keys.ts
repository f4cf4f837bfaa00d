import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';

/**
 * Blob keys of media files (docs/decisions/0008-media-pipeline.md):
 *
 *   img/<media id>/<size>-<hash>.<jpg|webp>      every image size, and the video thumbnail's
 *   vid/<media id>/720p-<hash>.mp4               the 720p rendition
 *   vid/<media id>/hls-<hash>/index.m3u8         the HLS playlist, its segments beside it
 *   upload/<media id>/source                     the upload waiting for processing (never served)
 *
 * `<hash>` is 128 bits of SHA-256 over the media's random salt, the file's label and its bytes:
 * a key names exactly one content (so it is cached for ever), the same media processed twice
 * writes the same keys, and nobody can derive a key from a copy of the picture.
 */
export const SERVED_PREFIXES = ['img/', 'vid/'] as const;

export function uploadKey(mediaId: string): string {
  return `upload/${mediaId}/source`;
}

export function contentHash(salt: string, label: string, data: Buffer): string {
  return createHash('sha256').update(salt).update(`\u0000${label}\u0000`).update(data).digest('hex').slice(0, 32);
}

/** The same hash as contentHash, reading a (possibly large) file as a stream. */
export async function fileContentHash(salt: string, label: string, file: string): Promise<string> {
  const hash = createHash('sha256').update(salt).update(`\u0000${label}\u0000`);
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex').slice(0, 32);
}

export function imageKey(mediaId: string, size: string, hash: string, ext: string): string {
  return `img/${mediaId}/${size}-${hash}.${ext}`;
}

export function videoKey(mediaId: string, hash: string): string {
  return `vid/${mediaId}/720p-${hash}.mp4`;
}

export function hlsFolder(mediaId: string, hash: string): string {
  return `vid/${mediaId}/hls-${hash}`;
}

/** True for keys of processed files; uploads and anything else are never served. */
export function isServedKey(key: string): boolean {
  return SERVED_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/** The media a served key belongs to: the seam for access rules on media of secret pins. */
export function mediaIdOfKey(key: string): string | null {
  const match = /^(?:img|vid)\/(\d{1,20})\//.exec(key);
  return match?.[1] ?? null;
}
