import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { restSuccess } from '../http/envelope.ts';
import { parseInput } from '../http/validate.ts';
import { MAX_UPLOAD_BYTES, MULTIPART_OVERHEAD_BYTES } from '../media/limits.ts';
import { receiveUpload, type UploadFields } from '../media/media.routes.ts';
import { ImageSearchFields, ImageSearchRoute } from '../../shared/contracts/visual.ts';
import { searchByImage, type ImageUpload } from './image-search.service.ts';

/** Visual search's HTTP side: the search by an uploaded or pasted picture. */
export async function registerVisualRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  // Multipart parsing exists only inside this scope, as for uploads; the same limits apply.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 8, fieldSize: 1024, parts: 10, headerPairs: 50 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post('/v3/visual_search/image/', {
      bodyLimit: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
      schema: {
        tags: ['search'],
        summary: 'Search by a picture (multipart/form-data: is_shopping, then one file); nothing is stored. Answers the first page and its bookmark',
        ...ImageSearchRoute,
      },
      handler: async (request) => {
        // The fields come before the file: a bad one is refused before a byte of the file is kept.
        const receive = async (): Promise<ImageUpload> => {
          let shopping = false;
          const upload = await receiveUpload(deps, request, (fields: UploadFields) => {
            shopping = parseInput(ImageSearchFields, fields).is_shopping;
            return Promise.resolve();
          });
          return { path: upload.path, shopping, remove: () => upload.remove() };
        };
        const answer = await searchByImage(deps, request.actor, receive);
        return { ...restSuccess(answer), data: answer };
      },
    });
  });
}
