import { z } from 'zod';
import { PinChanges } from './pins.ts';
import { AdAccountQuery, BODY_ERRORS, CALL_ERRORS, CreativeTypes, errors, NoContent, page, PageQuery, QueryFlag, SCOPES, V5Id, v5Operation } from './v5.ts';

/** The public API's pins (the reference's tag "pins"): the Pin, where a new one's media comes from, and the operations. */

/** The reference's ImageDetails, by size name. */
const ImageDetails = z.object({ url: z.string(), width: z.number(), height: z.number() });
export const V5Images = z.record(z.string(), ImageDetails);
export type V5Images = z.infer<typeof V5Images>;

const V5PinMedia = z.discriminatedUnion('media_type', [
  z.object({ media_type: z.literal('image'), images: V5Images.optional() }),
  z.object({
    media_type: z.literal('video'),
    images: V5Images.optional(),
    cover_image_url: z.string().optional(),
    video_url: z.string().nullable(),
    duration: z.number().nullable(),
    width: z.number().nullable(),
    height: z.number().nullable(),
  }),
]);
export type V5PinMedia = z.infer<typeof V5PinMedia>;

/** The reference's Pin. */
export const V5Pin = z.object({
  id: z.string(),
  created_at: z.string(),
  link: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  alt_text: z.string(),
  dominant_color: z.string().nullable(),
  board_id: z.string().optional(),
  board_section_id: z.string().nullable().optional(),
  board_owner: z.object({ username: z.string() }).optional(),
  creative_type: z.enum(['REGULAR', 'VIDEO']),
  has_been_promoted: z.boolean(),
  is_owner: z.boolean(),
  is_standard: z.boolean(),
  parent_pin_id: z.null(),
  media: V5PinMedia,
  /** Asked for with `pin_metrics=true`; we keep no metrics, and say so with null. */
  pin_metrics: z.null().optional(),
});
export type V5Pin = z.infer<typeof V5Pin>;

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

/**
 * The reference's PinMediaSource: where a new pin's picture or video comes from. We take an image
 * sent inline (base64), an image URL (fetched through the outbound guard, docs/decisions/0010) and a
 * video registered and uploaded through /v5/media; the other source types are a clear 400.
 */
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

const PinParams = z.object({ pin_id: V5Id });
/** The save path's pin id has no pattern in the reference: anything that is not one of ours is not found. */
const SaveParams = z.object({ pin_id: z.string().max(64) });

/** The reference's pin texts are nullable; null clears a text on update. */
const text = {
  title: PinChanges.shape.title.nullable(),
  description: PinChanges.shape.description.nullable(),
  alt_text: PinChanges.shape.alt_text.nullable(),
  link: PinChanges.shape.link.nullable(),
};

const absent = (message: string) =>
  z
    .unknown()
    .refine((v) => v === undefined || v === null, message)
    .optional();

const PinCreateBody = z.object({
  board_id: V5Id,
  board_section_id: V5Id.nullable().optional(),
  media_source: MediaSource,
  ...text,
  // Computed from the picture; a colour sent here is checked, then not used.
  dominant_color: z.string().max(32).nullable().optional(),
  parent_pin_id: absent('To save an existing pin, use POST /v5/pins/{pin_id}/save.'),
  sponsor_id: absent('Paid partnerships (sponsor_id) are not supported.'),
});

const PinUpdateBody = z.object({
  ...text,
  board_id: V5Id.optional(),
  board_section_id: V5Id.nullable().optional(),
  carousel_slots: absent('Carousel pins are not supported.'),
});

const SaveBody = z.object({ board_id: V5Id.nullable().optional(), board_section_id: V5Id.nullable().optional() }).optional();

const PinQuery = AdAccountQuery.extend({ pin_metrics: QueryFlag.optional() });

const PinListQuery = PageQuery.extend({
  pin_filter: z.enum(['exclude_native', 'exclude_repins', 'has_been_promoted']).optional(),
  include_protected_pins: QueryFlag.optional(),
  pin_type: z.never({ error: 'Corkboard has no private pins (pin_type).' }).optional(),
  creative_types: CreativeTypes.optional(),
  pin_metrics: QueryFlag.optional(),
});

export const CreatePin = v5Operation({
  scopes: SCOPES.writePins,
  schema: {
    querystring: AdAccountQuery,
    body: PinCreateBody,
    // An image that does not decode is 415; fetching an image URL counts against the member's fetch rate.
    response: { 201: V5Pin, ...errors(...CALL_ERRORS, ...BODY_ERRORS, 404, 409, 429) },
  },
});

export const ListPins = v5Operation({
  scopes: SCOPES.readBoardPins,
  schema: { querystring: PinListQuery, response: { 200: page(V5Pin), ...errors(...CALL_ERRORS) } },
});

export const GetPin = v5Operation({
  scopes: SCOPES.readBoardPins,
  schema: { params: PinParams, querystring: PinQuery, response: { 200: V5Pin, ...errors(...CALL_ERRORS, 404) } },
});

export const UpdatePin = v5Operation({
  scopes: SCOPES.writePins,
  schema: {
    params: PinParams,
    querystring: AdAccountQuery,
    body: PinUpdateBody,
    response: { 200: V5Pin, ...errors(...CALL_ERRORS, ...BODY_ERRORS, 404, 409) },
  },
});

export const DeletePin = v5Operation({
  scopes: SCOPES.writePins,
  schema: { params: PinParams, querystring: AdAccountQuery, response: { 204: NoContent, ...errors(...CALL_ERRORS, 404) } },
});

export const SavePin = v5Operation({
  scopes: SCOPES.writePins,
  errors: {
    403: { code: 29, message: 'You are not permitted to access that resource.' },
    404: {
      board: { code: 40, message: 'Board not found.' },
      pin: { code: 50, message: 'Pin not found.' },
      section: { code: 2031, message: "Sorry! We couldn't find this board section." },
    },
  },
  schema: {
    params: SaveParams,
    querystring: AdAccountQuery,
    body: SaveBody,
    response: { 201: V5Pin, ...errors(...CALL_ERRORS, ...BODY_ERRORS, 404, 409) },
  },
});
