import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Actor } from '../access/actor.ts';
import { requireScope, type SignedIn } from '../access/authorized.ts';
import { newId } from '../db/ids.ts';
import type { Media } from '../db/schema/media.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { checkImageHeader, verifyImage } from './image-pipeline.ts';
import type { MediaKind } from './limits.ts';
import { uploadKey } from './media-keys.ts';
import { enqueueMediaProcessing, scheduleOrphanSweep } from './media.job.ts';
import { presentMedia, type PresentedMedia } from './media.present.ts';
import { processMediaFile } from './media.process.ts';
import { findMedia, insertMedia, insertReadyMedia } from './media.repo.ts';
import { writeScratchFile, type ScratchFile } from './scratch.ts';
import { decoderFormat, sniffFile, type Sniffed } from './sniff.ts';
import { probeVideo } from './video-pipeline.ts';

export type AcceptOptions = {
  /** Only this kind is accepted (ingestImage: images). */
  only?: MediaKind;
  /** Process in this call and answer the ready media, instead of queueing the job (demo world, scripts). */
  inline?: boolean;
  /** The id reserved for this file when its upload was registered (media/registration.service.ts). */
  id?: string;
};

/** Uploading needs a signed-in member, or a token allowed to write pins. */
const UPLOAD_SCOPE = 'pins:write';

/**
 * POST /v3/media/uploads/: whether the caller may upload is decided before a byte of the file is
 * read (`receive` streams it to a scratch file), then the file goes the way of acceptMedia.
 */
export async function acceptUpload(deps: Deps, actor: Actor, receive: () => Promise<ScratchFile>): Promise<PresentedMedia> {
  const uploader = requireScope(actor, UPLOAD_SCOPE);
  const upload = await receive();
  try {
    return await acceptFile(deps, uploader, upload.path);
  } finally {
    await upload.remove();
  }
}

/**
 * Accepts a file for the pipeline: checks what it really is and that it is whole, then records
 * the media as processing with its job queued. The upload is stored (durably) before the row
 * commits, and the row before the job, so an acknowledged upload always has its file; a sweep
 * booked first removes the file should the row never commit. Inline, the file is processed
 * before anything is stored or recorded (processInline).
 */
export async function acceptMedia(deps: Deps, actor: Actor, file: string, options: AcceptOptions = {}): Promise<PresentedMedia> {
  return acceptFile(deps, requireScope(actor, UPLOAD_SCOPE), file, options);
}

async function acceptFile(deps: Deps, uploader: SignedIn, file: string, options: AcceptOptions = {}): Promise<PresentedMedia> {
  const sniffed = await sniffFile(file);
  if (options.only && sniffed.kind !== options.only) {
    throw new AppError('unsupported_media_type', `Only ${options.only === 'image' ? 'images' : 'videos'} are accepted here.`);
  }
  await verifySource(deps, sniffed, file, options.inline === true);
  const row = newMediaRow(options.id ?? newId(), uploader.userId, sniffed, options.inline === true);
  if (options.inline) return presentMedia(deps.config, await processInline(deps, row, file));
  await scheduleOrphanSweep(deps, row.id);
  await deps.ports.blobs.put(uploadKey(row.id), fs.createReadStream(file), sniffed.type);
  await insertMedia(deps.db, row);
  await enqueueMediaProcessing(deps, row.id);
  return presentMedia(deps.config, row);
}

/** The same pipeline without HTTP, for pins from a URL, the demo world and avatars. */
export async function ingestImage(deps: Deps, actor: Actor, input: string | Buffer, options: Omit<AcceptOptions, 'only'> = {}): Promise<PresentedMedia> {
  const uploader = requireScope(actor, UPLOAD_SCOPE);
  if (typeof input === 'string') return acceptFile(deps, uploader, input, { ...options, only: 'image' });
  const scratch = await writeScratchFile(deps, input);
  try {
    return await acceptFile(deps, uploader, scratch.path, { ...options, only: 'image' });
  } finally {
    await scratch.remove();
  }
}

/** The owner sees their media; anyone else gets 404, as for anything they may not see. */
export async function getMedia(deps: Deps, actor: Actor, id: string): Promise<PresentedMedia> {
  const signedIn = requireScope(actor, 'pins:read');
  const media = /^\d{1,20}$/.test(id) ? await findMedia(deps.db, id) : undefined;
  if (!media || media.owner_id !== signedIn.userId) throw new AppError('not_found');
  // A job lost to a crash between commit and enqueue comes back when its owner looks.
  if (media.status === 'processing' && Date.now() - media.updated_at > STALLED_AFTER_MS) await enqueueMediaProcessing(deps, id);
  return presentMedia(deps.config, media);
}

const STALLED_AFTER_MS = 10 * 60_000;

/**
 * An image's header is checked first (format, pixel and side limits); a queued upload is also
 * decoded at reduced size to prove it whole, which inline processing proves by decoding it.
 */
async function verifySource(deps: Deps, sniffed: Sniffed, file: string, inline: boolean): Promise<void> {
  if (sniffed.kind === 'image') {
    await (inline ? checkImageHeader : verifyImage)(file, decoderFormat(sniffed.type));
    return;
  }
  try {
    await probeVideo(deps.mediaTools, file, sniffed.type === 'video/webm' ? 'video/webm' : 'video/mp4');
  } catch (error) {
    // Without ffprobe the upload is still taken; the job then fails with the reason.
    if (!(error instanceof AppError && error.errorName === 'unavailable')) throw error;
  }
}

function newMediaRow(id: string, ownerId: string, sniffed: Sniffed, inline: boolean): Media {
  const now = Date.now();
  return {
    id,
    owner_id: ownerId,
    kind: sniffed.kind,
    status: 'processing',
    failure_reason: null,
    source_type: sniffed.type,
    source_size: sniffed.size,
    upload_key: inline ? null : uploadKey(id),
    key_salt: randomBytes(16).toString('hex'),
    width: null,
    height: null,
    duration_ms: null,
    dominant_color: null,
    placeholder: null,
    signature: null,
    features: null,
    skin_tone: null,
    images: null,
    videos: null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Inline: the file is processed first, in memory (a work folder for video); only then is the
 * orphan sweep booked, the files stored and the row inserted ready in one statement. A file that
 * fails processing leaves no row, no stored file and no job.
 */
async function processInline(deps: Deps, row: Media, file: string): Promise<Media> {
  const ready = await processMediaFile(deps, row, file, { beforeStoring: () => scheduleOrphanSweep(deps, row.id) });
  return insertReadyMedia(deps.db, row, ready, Date.now());
}
