import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { ingestImage } from '../media/media.service.ts';
import { requireRegisteredMedia } from '../media/registration.service.ts';
import { fetchImageAsMedia } from '../scrape/pin-from-url.service.ts';
import type { MediaSource } from '../../shared/contracts/v5-pins.ts';

/**
 * The media a pin gets from the reference's PinMediaSource (src/shared/contracts/v5-pins.ts): an
 * inline image goes through the media pipeline like an upload, an image URL is fetched through the
 * outbound guard, a video is one registered and uploaded through /v5/media; the rest is a clear 400.
 */

const UNSUPPORTED = {
  multiple_image_base64: 'Carousel pins (multiple_image_base64) are not supported.',
  multiple_image_urls: 'Carousel pins (multiple_image_urls) are not supported.',
  pin_url: 'Product pins from a pin_url are not supported.',
} as const;

export async function mediaOfSource(deps: Deps, actor: Actor, source: MediaSource): Promise<string> {
  switch (source.source_type) {
    case 'image_base64':
      return (await ingestImage(deps, actor, Buffer.from(source.data, 'base64'))).id;
    case 'video_id':
      return requireRegisteredMedia(deps, actor, source.media_id);
    case 'image_url':
      return fetchImageAsMedia(deps, actor, source.url);
    default:
      throw new AppError('bad_request', `media_source: ${UNSUPPORTED[source.source_type]}`);
  }
}
