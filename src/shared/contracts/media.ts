import { z } from 'zod';

/**
 * Media as the clients read them (src/server/media/media.present.ts): the sizes of a picture, the
 * renditions of a video, and an upload's processing state (POST /v3/media/uploads/, GET /v3/media/<id>/).
 */

/** One size of a picture as the server presents it (src/server/media/media.present.ts), keyed by size name in `images`. */
export const MediaImage = z.object({ url: z.string(), width: z.number(), height: z.number(), dominant_color: z.string().nullable() });
export type MediaImage = z.infer<typeof MediaImage>;

/** A picture's sizes by name (60x60, 236x, 736x, orig, ...). */
export const MediaImages = z.record(z.string(), MediaImage);

export const MediaStatus = z.enum(['processing', 'ready', 'failed']);

/** One rendition of a video; duration in milliseconds, as every duration of ours. */
export const MediaVideo = z.object({ url: z.string(), width: z.number(), height: z.number(), duration: z.number(), thumbnail: z.string().nullable() });
export type MediaVideo = z.infer<typeof MediaVideo>;

/** A video's renditions: V_720P (MP4) and V_HLSV4 (HLS playlist). */
export const MediaVideos = z.object({ video_list: z.record(z.string(), MediaVideo) });
export type MediaVideos = z.infer<typeof MediaVideos>;

/** An upload: its processing state and, once ready, its pictures (a video's poster) and videos. */
export const MediaJson = z.object({
  id: z.string(),
  media_type: z.enum(['image', 'video']),
  status: MediaStatus,
  failure_reason: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  dominant_color: z.string().nullable(),
  /** ThumbHash (base64) for a blurred placeholder while the image loads. */
  placeholder: z.string().nullable(),
  image_signature: z.string().nullable(),
  images: MediaImages.nullable(),
  videos: MediaVideos.nullable(),
  created_at: z.iso.datetime(),
});
export type MediaJson = z.infer<typeof MediaJson>;

/** The v3 REST envelope of a success: {status, code, message, data}. */
function restAnswer<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('success'), code: z.number(), message: z.string(), data });
}

/** POST /v3/media/uploads/ (multipart/form-data, one file): 201 with the media, processing. */
export const MediaUploadRoute = { response: { 201: restAnswer(MediaJson) } };

/** GET /v3/media/<id>/: the owner's upload as it stands. */
export const MediaStatusRoute = {
  params: z.object({ id: z.string().max(40) }),
  querystring: z.object({}),
  response: { 200: restAnswer(MediaJson) },
};
