import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { MAX_UPLOAD_BYTES, MULTIPART_OVERHEAD_BYTES } from '../media/limits.ts';
import { receiveUpload, type UploadFields } from '../media/media.routes.ts';
import {
  acceptRegisteredUpload,
  getRegistration,
  listRegistrations,
  registerUpload,
  requireUploadAllowed,
  type RegistrationView,
} from '../media/registration.service.ts';
import { GetMedia, ListMedia, RegisterMedia, UPLOAD_TOKEN_FIELD, UploadMedia, type V5Media } from '../../shared/contracts/v5-media.ts';
import { paged } from './v5.http.ts';

const tags = ['v5 media'];

/** The reference's Media: our processing states in its words. */
function presentMedia(registration: RegistrationView): V5Media {
  return { media_id: registration.id, media_type: registration.media_type, status: registration.status };
}

function uploadUrl(deps: Deps, id: string): string {
  return new URL(`/v5/media/${id}/upload`, deps.config.publicUrl).toString();
}

function uploadToken(fields: UploadFields): string {
  const token = fields[UPLOAD_TOKEN_FIELD];
  if (!token) throw new AppError('bad_request', `${UPLOAD_TOKEN_FIELD}: Send every field of upload_parameters before the file.`);
  return token;
}

/**
 * /v5/media: register an upload (its URL and parameters), its status, the list. The upload URL
 * takes the file as a form post with the parameters, as object storage does, with no bearer token.
 */
export async function registerV5MediaRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post('/v5/media', {
    schema: { tags, summary: 'Register a video upload: answers where to send the file and with which parameters', ...RegisterMedia.schema },
    config: { scopes: RegisterMedia.scopes },
    handler: async (request, reply) => {
      const { registration, uploadSecret } = await registerUpload(deps, request.actor, request.body.media_type);
      return reply.code(201).send({
        ...presentMedia(registration),
        upload_url: uploadUrl(deps, registration.id),
        upload_parameters: { 'Content-Type': 'multipart/form-data', [UPLOAD_TOKEN_FIELD]: uploadSecret },
      });
    },
  });

  typed.get('/v5/media', {
    schema: { tags, summary: "The token user's registered uploads, newest first", ...ListMedia.schema },
    config: { scopes: ListMedia.scopes },
    handler: async (request) => {
      const { items, bookmark } = await listRegistrations(deps, request.actor, { bookmark: request.query.bookmark, pageSize: request.query.page_size });
      return paged(items.map(presentMedia), bookmark);
    },
  });

  typed.get('/v5/media/:media_id', {
    schema: { tags, summary: 'A registered upload and its status: registered, processing, succeeded or failed', ...GetMedia.schema },
    config: { scopes: GetMedia.scopes },
    handler: async (request) => presentMedia(await getRegistration(deps, request.actor, request.params.media_id)),
  });

  // Multipart parsing exists only inside this scope, for the one route that takes the file.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 8, fieldSize: 1024, parts: 10, headerPairs: 50 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post('/v5/media/:media_id/upload', {
      bodyLimit: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
      schema: {
        tags,
        summary: 'The upload URL of a registered upload: the upload parameters, then the file (multipart/form-data)',
        ...UploadMedia.schema,
        consumes: [...UploadMedia.schema.consumes],
      },
      config: { scopes: UploadMedia.scopes },
      handler: async (request, reply) => {
        const id = request.params.media_id;
        let token = '';
        const upload = await receiveUpload(deps, request, async (fields) => {
          token = uploadToken(fields);
          await requireUploadAllowed(deps, id, token);
        });
        try {
          await acceptRegisteredUpload(deps, id, token, upload.path);
        } finally {
          await upload.remove();
        }
        return reply.code(204).send();
      },
    });
  });
}
