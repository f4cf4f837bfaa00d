import { z } from 'zod';
import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { ingestImage } from '../media/media.service.ts';
import { requireRegisteredMedia } from '../media/registration.service.ts';
import { fetchImageAsMedia } from '../scrape/pin-from-url.service.ts';
import { V5Id } from './v5.http.ts';

/**
 * The reference's PinMediaSource: where a new pin's picture or video comes from. We take an image
 * sent inline (base64), an image URL (fetched through the outbound guard, docs/decisions/0010) and a
 * video registered and uploaded through /v5/media; the rest is a clear 400.
 */

/** An inline image may be as large as an image fetched for a pin (20 MB). */
export const MAX_INLINE_IMAGE_BYTES = 20 * 1_048_576;
export const MAX_INLINE_IMAGE_CHARS = Math.ceil(MAX_INLINE_IMAGE_BYTES / 3) * 4;

const ContentType = z.enum(['image/jpeg', 'image/png']);

const Base64 = z
  .string()
  .min(1)
  .max(MAX_INLINE_IMAGE_CHARS, 'The image may be at most 20 MB.')
  .regex(/^[a-zA-Z0-9+/=]+$/, 'Expected base64 data.');

/** The simplified (non-standard) pin is a Pinterest beta; every pin of ours is standard. */
const IsStandard = z
  .boolean()
  .refine((v) => v, 'Only standard pins are supported.')
  .optional();

const UNSUPPORTED = {
  multiple_image_base64: 'Carousel pins (multiple_image_base64) are not supported.',
  multiple_image_urls: 'Carousel pins (multiple_image_urls) are not supported.',
  pin_url: 'Product pins from a pin_url are not supported.',
} as const;

export const MediaSource = z.discriminatedUnion('source_type', [
  z.object({ source_type: z.literal('image_base64'), content_type: ContentType, data: Base64, is_standard: IsStandard }),
  z.object({ source_type: z.literal('image_url'), url: z.string().max(2048), is_standard: IsStandard }),
  z.object({
    source_type: z.literal('video_id'),
    media_id: V5Id,
    // The pipeline takes the cover from the video itself; a cover given here is checked, then not used.
    cover_image_url: z.string().max(2048).optional(),
    cover_image_content_type: ContentType.optional(),
    cover_image_data: Base64.optional(),
    cover_image_key_frame_time: z.number().int().min(0).optional(),
    is_standard: IsStandard,
  }),
  z.object({ source_type: z.enum(['multiple_image_base64', 'multiple_image_urls', 'pin_url']) }),
]);
export type MediaSource = z.infer<typeof MediaSource>;

/** The media id a pin gets from its source: an inline image goes through the media pipeline first. */
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
