import type { Config } from '../config.ts';
import type { Media } from '../db/schema/media.ts';
import type { StoredImage, StoredImages, StoredVideo, StoredVideos } from './media-store.ts';
import type { MediaImage, MediaJson, MediaVideo } from '../../shared/contracts/media.ts';

/** An upload as clients read it (declared once, in the contract). */
export type PresentedMedia = MediaJson;

/**
 * The public URL of a media file: immutable, served by GET /media/<key>. Keys are plain
 * slash-separated segments (blob-key.ts), so joining is exact; a feed builds hundreds of these.
 */
export function mediaUrl(config: Config, key: string): string {
  return `${config.publicUrl.origin}/media/${key}`;
}

/** The spec's images map; the pins area presents a pin's images with this. */
export function presentImages(config: Config, media: Pick<Media, 'images' | 'dominant_color'>): Record<string, MediaImage> | null {
  if (!media.images) return null;
  const stored = JSON.parse(media.images) as StoredImages;
  const out: Record<string, MediaImage> = {};
  for (const [size, image] of Object.entries(stored)) out[size] = presentImage(config, image, media.dominant_color);
  return out;
}

function presentImage(config: Config, image: StoredImage, dominant: string | null): MediaImage {
  return { url: mediaUrl(config, image.key), width: image.width, height: image.height, dominant_color: dominant };
}

export function presentVideos(config: Config, media: Pick<Media, 'videos' | 'images'>): PresentedMedia['videos'] {
  if (!media.videos) return null;
  const stored = JSON.parse(media.videos) as StoredVideos;
  const poster = media.images ? (JSON.parse(media.images) as StoredImages)['orig'] : undefined;
  const thumbnail = poster ? mediaUrl(config, poster.key) : null;
  const present = (video: StoredVideo): MediaVideo => ({
    url: mediaUrl(config, video.key),
    width: video.width,
    height: video.height,
    duration: video.duration_ms,
    thumbnail,
  });
  return { video_list: { V_720P: present(stored.V_720P), V_HLSV4: present(stored.V_HLSV4) } };
}

export function presentMedia(config: Config, media: Media): PresentedMedia {
  return {
    id: media.id,
    media_type: media.kind,
    status: media.status,
    failure_reason: media.failure_reason,
    width: media.width,
    height: media.height,
    dominant_color: media.dominant_color,
    placeholder: media.placeholder,
    image_signature: media.signature,
    images: presentImages(config, media),
    videos: presentVideos(config, media),
    created_at: new Date(media.created_at).toISOString(),
  };
}
