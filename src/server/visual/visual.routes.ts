import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { requireSignedIn } from '../access/authorized.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { restSuccess } from '../http/envelope.ts';
import { parseInput } from '../http/validate.ts';
import { MAX_UPLOAD_BYTES, MULTIPART_OVERHEAD_BYTES } from '../media/limits.ts';
import { receiveUpload, type UploadFields } from '../media/media.routes.ts';
import { readerOf } from '../access/authorized.ts';
import { featuresOfUpload } from './query-features.ts';
import { searchByFeatures } from './visual-search.service.ts';
import { ImageSearchFields } from './visual.inputs.ts';

/** Visual search's HTTP side: the search by an uploaded or pasted picture. */
export async function registerVisualRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  // Multipart parsing exists only inside this scope, as for uploads; the same limits apply.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 8, fieldSize: 1024, parts: 10, headerPairs: 50 },
    });
    scope.post('/v3/visual_search/image/', {
      bodyLimit: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
      schema: {
        tags: ['search'],
        summary: 'Search by a picture (multipart/form-data: is_shopping, then one file); nothing is stored. Answers the first page and its bookmark',
      },
      handler: async (request) => {
        const actor = requireSignedIn(request.actor);
        if (actor.kind === 'token' && !actor.scopes.includes('pins:read')) throw new AppError('forbidden', 'This access token needs the pins:read scope.');
        let shopping = false;
        // The fields come before the file: a bad one is refused before a byte of the file is kept.
        const upload = await receiveUpload(deps, request, (fields: UploadFields) => {
          shopping = parseInput(ImageSearchFields, fields).is_shopping;
          return Promise.resolve();
        });
        try {
          const features = await featuresOfUpload(upload.path);
          const query = { features, exclude: null, shopping, filters: undefined, categoryId: undefined };
          const { data, bookmark } = await searchByFeatures(deps, readerOf(actor), query, null);
          return restSuccess({ ...data, bookmark });
        } finally {
          await upload.remove();
        }
      },
    });
  });
}
