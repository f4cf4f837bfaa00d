/**
 * The bounds every upload is held to (docs/decisions/0008-media-pipeline.md). The byte limit is
 * the spec's pin builder file limit; the pixel limit refuses decompression bombs before a single
 * row of pixels is decoded.
 */

/** Spec section 9: pin builder file limit, 209715200 bytes (200 MB). */
export const MAX_UPLOAD_BYTES = 209_715_200;

/**
 * 100 megapixels: every phone camera's full-resolution photo (48-50 MP) passes; a file declaring
 * more is refused from its header. Decoded as RGBA this bounds one image at 400 MB of memory.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

/** WebP's largest side; JPEG allows 65535, so every output format can hold the original. */
export const MAX_SIDE = 16_383;

/** Multipart framing around the one file (boundaries, part headers, a few small fields). */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The types we accept, as sniffed from the bytes; the client's Content-Type is never trusted. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;

export type ImageType = (typeof IMAGE_TYPES)[number];
export type VideoType = (typeof VIDEO_TYPES)[number];
export type SourceType = ImageType | VideoType;
export type MediaKind = 'image' | 'video';

/** Time limits of the child processes (ffprobe, ffmpeg), so a hostile file cannot hold a worker. */
export const PROBE_TIMEOUT_MS = 15_000;
export const THUMBNAIL_TIMEOUT_MS = 30_000;

/** A transcode may take three times the video's length plus two minutes, and never more than two hours. */
export function transcodeTimeoutMs(durationMs: number): number {
  return Math.min(120_000 + 3 * durationMs, 2 * 3_600_000);
}

/** How many times the media job runs before the media is marked failed. */
export const MEDIA_JOB_ATTEMPTS = 5;
