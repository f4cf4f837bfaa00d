import { z } from 'zod';
import type { Media } from '../db/schema/media.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { JobHandler } from '../ports/queue/job-queue.ts';
import { MEDIA_JOB_ATTEMPTS } from './limits.ts';
import { uploadKey } from './media-keys.ts';
import { processMediaFile } from './media.process.ts';
import { findMedia, listProcessingMedia, markMediaFailed, markMediaReady } from './media.repo.ts';
import { writeScratchFile } from './scratch.ts';

export const MEDIA_PROCESS_JOB = 'media.process';
export const MEDIA_SWEEP_JOB = 'media.sweep-orphan';

/** Longer than any upload takes to be stored and recorded (the scratch sweep uses the same age). */
export const ORPHAN_SWEEP_DELAY_MS = 6 * 3_600_000;

const Payload = z.object({ mediaId: z.string().regex(/^\d{1,20}$/) });

/** One pending job per media: a second enqueue while one waits or runs changes nothing. */
export async function enqueueMediaProcessing(deps: Deps, mediaId: string): Promise<void> {
  await deps.ports.queue.enqueue({
    type: MEDIA_PROCESS_JOB,
    payload: { mediaId },
    dedupeKey: `${MEDIA_PROCESS_JOB}:${mediaId}`,
    maxAttempts: MEDIA_JOB_ATTEMPTS,
  });
}

/**
 * Processes one upload. Idempotent: a media no longer processing only has its upload cleaned
 * away, and file keys depend on content, so a rerun after a crash rewrites the same files.
 * Expected failures mark the media failed at once with their reason; anything else is retried
 * with backoff, and the last attempt marks it failed.
 */
export function processMediaJob(deps: Deps): JobHandler {
  return async (payload, job) => {
    const { mediaId } = Payload.parse(payload);
    const media = await findMedia(deps.db, mediaId);
    if (!media) return;
    if (media.status !== 'processing') {
      await deps.ports.blobs.delete(uploadKey(media.id));
      return;
    }
    try {
      await processUpload(deps, media);
    } catch (error) {
      if (error instanceof AppError) {
        deps.log.warn({ mediaId, reason: error.message }, 'Media processing failed');
        await markMediaFailed(deps.db, mediaId, error.message, Date.now());
        await deps.ports.blobs.delete(uploadKey(media.id));
        return;
      }
      if (job.attempt >= MEDIA_JOB_ATTEMPTS) {
        await markMediaFailed(deps.db, mediaId, 'Processing failed. Please try uploading again.', Date.now());
      }
      throw error;
    }
  };
}

async function processUpload(deps: Deps, media: Media): Promise<void> {
  const blob = await deps.ports.blobs.get(uploadKey(media.id));
  if (!blob) throw new AppError('bad_request', 'The uploaded file is missing.');
  const source = await writeScratchFile(deps, blob.body);
  try {
    const ready = await processMediaFile(deps, media, source.path);
    await markMediaReady(deps.db, media.id, ready, Date.now());
  } finally {
    await source.remove();
  }
  // After the commit: a crash before this leaves the upload, which the next run removes.
  await deps.ports.blobs.delete(uploadKey(media.id));
}

/**
 * At start: every media still processing gets its job again (a no-op for those whose job is
 * pending), so an upload acknowledged just before a crash is never stranded.
 */
export async function requeueUnfinishedMedia(deps: Deps): Promise<number> {
  const unfinished = await listProcessingMedia(deps.db, 10_000);
  for (const { id } of unfinished) await enqueueMediaProcessing(deps, id);
  return unfinished.length;
}

/**
 * Booked before an upload's file is stored: should the process die between storing the file and
 * committing its row, the job finds no row and deletes the files of that media id. With a row it
 * does nothing. This needs no listing of the store, so it works the same on disk and S3.
 */
export async function scheduleOrphanSweep(deps: Deps, mediaId: string): Promise<void> {
  await deps.ports.queue.enqueue({
    type: MEDIA_SWEEP_JOB,
    payload: { mediaId },
    dedupeKey: `${MEDIA_SWEEP_JOB}:${mediaId}`,
    runAt: Date.now() + ORPHAN_SWEEP_DELAY_MS,
    maxAttempts: MEDIA_JOB_ATTEMPTS,
  });
}

export function sweepOrphanJob(deps: Deps): JobHandler {
  return async (payload) => {
    const { mediaId } = Payload.parse(payload);
    if (await findMedia(deps.db, mediaId)) return;
    for (const prefix of [`upload/${mediaId}/`, `img/${mediaId}/`, `vid/${mediaId}/`]) await deps.ports.blobs.deletePrefix(prefix);
  };
}
