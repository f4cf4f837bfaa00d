import { z } from 'zod';
import { BODY_ERRORS, CALL_ERRORS, errors, NoContent, NoQuery, page, PageQuery, SCOPES, V5Id, v5Operation } from './v5.ts';

/** The public API's media (the reference's tag "media"): a video upload registered, then sent to its upload URL. */

/** The form field of the upload parameters that carries the registration's one-time secret. */
export const UPLOAD_TOKEN_FIELD = 'upload_token';

/** The reference's Media: our processing states in its words. */
export const V5Media = z.object({
  media_id: z.string(),
  media_type: z.literal('video'),
  status: z.enum(['registered', 'processing', 'succeeded', 'failed']),
});
export type V5Media = z.infer<typeof V5Media>;

/** The reference's MediaUpload: where to send the file, and the form fields to send before it. */
const V5MediaUpload = V5Media.extend({
  upload_url: z.string(),
  upload_parameters: z.object({ 'Content-Type': z.string(), [UPLOAD_TOKEN_FIELD]: z.string() }),
});

const MediaParams = z.object({ media_id: V5Id });
const RegisterBody = z.object({ media_type: z.enum(['video'], { error: 'Only video uploads are registered: media_type video.' }) });

export const RegisterMedia = v5Operation({
  scopes: SCOPES.writeMedia,
  schema: { body: RegisterBody, response: { 201: V5MediaUpload, ...errors(...CALL_ERRORS, ...BODY_ERRORS) } },
});

export const ListMedia = v5Operation({
  scopes: SCOPES.readMedia,
  schema: { querystring: PageQuery, response: { 200: page(V5Media), ...errors(...CALL_ERRORS) } },
});

export const GetMedia = v5Operation({
  scopes: SCOPES.readMedia,
  schema: { params: MediaParams, querystring: NoQuery, response: { 200: V5Media, ...errors(...CALL_ERRORS, 404) } },
});

/**
 * The upload URL of a registration: the upload parameters, then the file, as a multipart form,
 * without a bearer token: the one-time secret among the parameters is the authority (scopes: null).
 */
export const UploadMedia = v5Operation({
  scopes: null,
  schema: {
    params: MediaParams,
    consumes: ['multipart/form-data'],
    response: { 204: NoContent, ...errors(400, 403, 404, 409, 413, 415, 500) },
  },
});
