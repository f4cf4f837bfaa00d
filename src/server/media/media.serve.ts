import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { MediaAccessPolicy } from '../access/media.policy.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { assertBlobKey } from '../ports/blob/blob-key.ts';
import { isServedKey, mediaIdOfKey } from './media-keys.ts';
import { parseRange } from './range.ts';

/**
 * Who may fetch a media file. 'public' files are cached by anyone for a year; 'private' ones only
 * by the browser; 'hidden' answers 404. The app passes access/media.policy.ts; the media area
 * alone, as in its own tests, serves every file as public.
 */

export const everyoneMaySee: MediaAccessPolicy = () => Promise.resolve('public');

const YEAR_SECONDS = 31_536_000;

/** GET /media/<key>: immutable files from the blob store, with ETag, 304 and byte ranges. */
export function registerMediaServing(app: FastifyInstance, deps: Deps, policy: MediaAccessPolicy): void {
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isValidServedKey(key)) throw new AppError('not_found');
    const mediaId = mediaIdOfKey(key);
    const access = mediaId === null ? 'hidden' : await policy(deps, request.actor, mediaId);
    if (access === 'hidden') throw new AppError('not_found');
    const etag = etagOf(key);
    reply.header('cache-control', `${access}, max-age=${YEAR_SECONDS}, immutable`);
    reply.header('etag', etag);
    reply.header('accept-ranges', 'bytes');
    // Bytes from users are never a document: no sniffing, and no page may run from them.
    reply.header('content-security-policy', "default-src 'none'; sandbox");
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const blob = await deps.ports.blobs.get(key);
    if (!blob) throw new AppError('not_found');
    const { size, contentType } = blob.info;
    reply.type(contentType);
    const range = parseRange(request.headers.range, size);
    if (range === 'unsatisfiable') {
      blob.body.destroy();
      return reply.code(416).header('content-range', `bytes */${size}`).send();
    }
    if (!range) return reply.header('content-length', size).send(blob.body);
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    return reply.header('content-length', range.end - range.start + 1).send(sliceStream(blob.body, range.start, range.end));
  });
}

function isValidServedKey(key: string): boolean {
  if (!isServedKey(key)) return false;
  try {
    assertBlobKey(key);
    return true;
  } catch {
    return false;
  }
}

/** Keys name one content for ever, so the key itself is the validator. */
function etagOf(key: string): string {
  return `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
}

/**
 * Bytes start..end (inclusive) of a stream. The blob store reads from the start, so a range
 * skips what comes before it; reading on disk is fast, and videos are seeked within one file
 * of at most a few hundred megabytes.
 */
function sliceStream(body: Readable, start: number, end: number): Readable {
  async function* slice() {
    let position = 0;
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        const from = Math.max(0, start - position);
        const to = Math.min(chunk.length, end + 1 - position);
        position += chunk.length;
        if (to > from) yield chunk.subarray(from, to);
        if (position > end) return;
      }
    } finally {
      body.destroy();
    }
  }
  return Readable.from(slice());
}
