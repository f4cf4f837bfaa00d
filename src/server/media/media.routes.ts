import multipart, { type MultipartFields } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { restSuccess } from '../http/envelope.ts';
import { MediaStatusRoute, MediaUploadRoute } from '../../shared/contracts/media.ts';
import { MAX_UPLOAD_BYTES, MULTIPART_OVERHEAD_BYTES } from './limits.ts';
import { requeueUnfinishedMedia } from './media.job.ts';
import type { MediaAccessPolicy } from '../access/media.policy.ts';
import { everyoneMaySee, registerMediaServing } from './media.serve.ts';
import { acceptUpload, getMedia } from './media.service.ts';
import { sweepScratch, writeScratchFile, type ScratchFile } from './scratch.ts';
import { scheduleSkinToneBackfill } from './skin-tone-backfill.ts';

export type MediaRouteOptions = { access?: MediaAccessPolicy };

const TOO_LARGE = 'The file is too large. Files may be at most 200 MB.';

/** restSuccess with its data typed, so the route's answer schema checks it. */
const success = <T>(data: T) => ({ ...restSuccess(data), data });

/**
 * Upload, status and file serving; at start, unfinished media get their jobs back, pictures older
 * than skin tones get theirs analysed, and scratch is swept.
 */
export async function registerMediaRoutes(app: FastifyInstance, deps: Deps, options: MediaRouteOptions = {}): Promise<void> {
  registerMediaServing(app, deps, options.access ?? everyoneMaySee);

  // Multipart parsing exists only inside this scope, for the one route that takes files.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 8, fieldSize: 1024, parts: 10, headerPairs: 50 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post('/v3/media/uploads/', {
      bodyLimit: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
      schema: {
        tags: ['media'],
        summary: 'Upload an image or video (multipart/form-data, one file); answers the media id, processing',
        consumes: ['multipart/form-data'],
        ...MediaUploadRoute,
      },
      handler: async (request, reply) => {
        const media = await acceptUpload(deps, request.actor, () => receiveUpload(deps, request));
        return reply.code(201).send(success(media));
      },
    });
  });

  app.withTypeProvider<ZodTypeProvider>().get('/v3/media/:id/', {
    schema: { tags: ['media'], summary: "An upload's processing status and, when ready, its images and videos", ...MediaStatusRoute },
    handler: async (request) => success(await getMedia(deps, request.actor, request.params.id)),
  });

  app.addHook('onReady', async () => {
    try {
      await requeueUnfinishedMedia(deps);
      await scheduleSkinToneBackfill(deps);
      await sweepScratch(deps);
    } catch (error) {
      deps.log.warn({ err: error }, 'Could not resume unfinished media at start');
    }
  });
}

/** The text fields sent before the file part, by name (a repeated name keeps its first value). */
export type UploadFields = Record<string, string>;

/**
 * Streams the one file part to a scratch file, bounded by the size limit; never held in memory.
 * `checkFields` sees the text fields sent before the file and may refuse the upload before a byte
 * of the file is stored (a registered upload's parameters).
 */
export async function receiveUpload(deps: Deps, request: FastifyRequest, checkFields?: (fields: UploadFields) => Promise<void>): Promise<ScratchFile> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) throw new AppError('payload_too_large', TOO_LARGE);
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data.');
  const part = await request.file().catch(uploadFailure);
  if (!part) throw new AppError('bad_request', 'No file was sent.');
  if (checkFields) await checkFields(textFields(part.fields));
  const received = await writeScratchFile(deps, part.file).catch(uploadFailure);
  // Past the limit busboy ends the file early and marks it truncated rather than failing it.
  if (part.file.truncated) {
    await received.remove();
    throw new AppError('payload_too_large', TOO_LARGE);
  }
  return received;
}

function textFields(fields: MultipartFields): UploadFields {
  const out: UploadFields = {};
  for (const [name, entry] of Object.entries(fields)) {
    const first = Array.isArray(entry) ? entry[0] : entry;
    if (first?.type === 'field' && typeof first.value === 'string') out[name] = first.value;
  }
  return out;
}

function uploadFailure(error: unknown): never {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', TOO_LARGE);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    throw new AppError('bad_request', 'Send one file at a time.');
  }
  throw new AppError('bad_request', 'The upload was incomplete.');
}
