import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { PageQuery, paged, requireScopes, SCOPES, V5Id } from './v5.http.ts';

const tags = ['v5 media'];

const MediaParams = z.object({ media_id: V5Id });
const RegisterBody = z.object({ media_type: z.enum(['video'], { error: 'Only video uploads are registered: media_type video.' }) });

/** The form field of the upload parameters that carries the registration's one-time secret. */
export const UPLOAD_TOKEN_FIELD = 'upload_token';

/** The reference's Media: our processing states in its words. */
function presentMedia(registration: RegistrationView) {
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
    schema: { tags, summary: 'Register a video upload: answers where to send the file and with which parameters', body: RegisterBody },
    handler: async (request, reply) => {
      const actor = requireScopes(request.actor, SCOPES.writeMedia);
      const { registration, uploadSecret } = await registerUpload(deps, actor, request.body.media_type);
      return reply.code(201).send({
        ...presentMedia(registration),
        upload_url: uploadUrl(deps, registration.id),
        upload_parameters: { 'Content-Type': 'multipart/form-data', [UPLOAD_TOKEN_FIELD]: uploadSecret },
      });
    },
  });

  typed.get('/v5/media', {
    schema: { tags, summary: "The token user's registered uploads, newest first", querystring: PageQuery },
    handler: async (request) => {
      const actor = requireScopes(request.actor, SCOPES.readMedia);
      const { items, bookmark } = await listRegistrations(deps, actor, { bookmark: request.query.bookmark, pageSize: request.query.page_size });
      return paged(items.map(presentMedia), bookmark);
    },
  });

  typed.get('/v5/media/:media_id', {
    schema: { tags, summary: 'A registered upload and its status: registered, processing, succeeded or failed', params: MediaParams },
    handler: async (request) => {
      const actor = requireScopes(request.actor, SCOPES.readMedia);
      return presentMedia(await getRegistration(deps, actor, request.params.media_id));
    },
  });

  // Multipart parsing exists only inside this scope, for the one route that takes the file.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 8, fieldSize: 1024, parts: 10, headerPairs: 50 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post('/v5/media/:media_id/upload', {
      bodyLimit: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
      schema: { tags, summary: 'The upload URL of a registered upload: the upload parameters, then the file (multipart/form-data)', params: MediaParams },
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
