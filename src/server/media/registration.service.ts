import type { Actor } from '../access/actor.ts';
import { requireScope, requireTokenScopes } from '../access/authorized.ts';
import { hashSecret, randomSecret, safeEqual } from '../common/secrets.ts';
import { decodeBookmark, pageOf } from '../common/bookmark.ts';
import { newId } from '../db/ids.ts';
import type { MediaRegistration } from '../db/schema/media.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import { acceptMedia, getMedia } from './media.service.ts';
import {
  activeTokenOf,
  claimRegistration,
  findRegistration,
  insertRegistration,
  listRegistrationsOf,
  markRegistrationFailed,
  type RegistrationRow,
} from './registration.repo.ts';

/**
 * The two-step upload of the public API (docs/decisions/0011-public-api-v5.md): a caller registers
 * an upload and gets a one-time secret; the file then arrives at the upload URL with that secret
 * instead of a bearer token, as files go to object storage, and becomes the media with the
 * registration's id.
 */

/** How long an upload URL takes a file. */
export const REGISTRATION_TTL_MS = 60 * 60_000;
/** A file claimed whose media never appeared (the process died while storing it) has failed after this. */
export const STALLED_UPLOAD_MS = 10 * 60_000;

export type RegistrationStatus = 'registered' | 'processing' | 'succeeded' | 'failed';
export type RegistrationView = RegistrationRow & { status: RegistrationStatus };

/** Where a registered upload stands: its media's state once the file became one, else its own. */
export function registrationStatus(
  row: Pick<RegistrationRow, 'media_status' | 'failure_reason' | 'uploaded_at' | 'expires_at'>,
  now: number,
): RegistrationStatus {
  if (row.media_status === 'ready') return 'succeeded';
  if (row.media_status === 'processing') return 'processing';
  if (row.media_status === 'failed' || row.failure_reason !== null) return 'failed';
  if (row.uploaded_at !== null) return now - row.uploaded_at > STALLED_UPLOAD_MS ? 'failed' : 'processing';
  return row.expires_at <= now ? 'failed' : 'registered';
}

const view = (row: RegistrationRow, now: number): RegistrationView => ({ ...row, status: registrationStatus(row, now) });

/**
 * Registers an upload: a caller who may upload, through a personal access token (the upload acts
 * as that token, so revoking it also stops the upload). Answers the secret once; only its hash is kept.
 */
export async function registerUpload(
  deps: Deps,
  actor: Actor,
  mediaType: MediaRegistration['media_type'],
): Promise<{ registration: RegistrationView; uploadSecret: string }> {
  const uploader = requireTokenScopes(actor, ['pins:write']);
  const uploadSecret = randomSecret();
  const now = Date.now();
  const row: MediaRegistration = {
    id: newId(),
    owner_id: uploader.userId,
    token_id: uploader.tokenId,
    media_type: mediaType,
    upload_secret_hash: hashSecret(uploadSecret),
    expires_at: now + REGISTRATION_TTL_MS,
    uploaded_at: null,
    failure_reason: null,
    created_at: now,
  };
  await insertRegistration(deps.db, row);
  return { registration: view({ ...row, media_status: null }, now), uploadSecret };
}

/**
 * Whether a file may go to this registration: the secret is its own, nothing was sent to it yet,
 * it has not expired and the token that registered it still lives (the upload acts as that token).
 * Checked before a byte of the file is stored, and again when it is accepted.
 */
export async function requireUploadAllowed(deps: Deps, id: string, secret: string): Promise<{ registration: RegistrationRow; uploader: Actor }> {
  const registration = await findRegistration(deps.db, id);
  if (!registration) throw new AppError('not_found');
  if (!safeEqual(hashSecret(secret), registration.upload_secret_hash))
    throw new AppError('forbidden', 'These upload parameters are not the ones of this media.');
  if (registration.uploaded_at !== null || registration.failure_reason !== null) {
    throw new AppError('conflict', 'A file was already sent for this media. Register a new upload.');
  }
  if (registration.expires_at <= Date.now()) throw new AppError('forbidden', 'This upload URL has expired. Register a new upload.');
  const pat = await activeTokenOf(deps.db, registration.token_id);
  if (!pat) throw new AppError('forbidden', 'The access token that registered this upload was revoked.');
  return { registration, uploader: { kind: 'token', userId: pat.user_id, tokenId: pat.id, scopes: pat.scopes.split(' ').filter(Boolean) } };
}

/**
 * The file of a registered upload: one per registration (the claim decides a race), of the
 * registered type, through the media pipeline as any upload. A refused file fails the registration.
 */
export async function acceptRegisteredUpload(deps: Deps, id: string, secret: string, file: string): Promise<void> {
  const { registration, uploader } = await requireUploadAllowed(deps, id, secret);
  if (!(await claimRegistration(deps.db, registration.id, Date.now()))) {
    throw new AppError('conflict', 'A file was already sent for this media. Register a new upload.');
  }
  try {
    await acceptMedia(deps, uploader, file, { only: registration.media_type, id: registration.id });
  } catch (error) {
    await markRegistrationFailed(deps.db, registration.id, error instanceof AppError ? error.message : 'The file could not be stored.');
    throw error;
  }
}

/** The owner reads their registrations; a token needs pins:read. Anyone else's is not found. */
async function findOwnRegistration(deps: Deps, actor: Actor, id: string): Promise<RegistrationRow> {
  const reader = requireScope(actor, 'pins:read');
  const registration = await findRegistration(deps.db, id);
  if (!registration || registration.owner_id !== reader.userId) throw new AppError('not_found');
  return registration;
}

export async function getRegistration(deps: Deps, actor: Actor, id: string): Promise<RegistrationView> {
  const registration = await findOwnRegistration(deps, actor, id);
  // The media's own read also brings back a processing job lost to a crash.
  if (registration.media_status === 'processing') await getMedia(deps, actor, registration.id);
  return view(registration, Date.now());
}

export async function listRegistrations(
  deps: Deps,
  actor: Actor,
  query: { bookmark?: string | undefined; pageSize: number },
): Promise<{ items: RegistrationView[]; bookmark: string }> {
  const reader = requireScope(actor, 'pins:read');
  const cursor = decodeBookmark(query.bookmark);
  if (cursor === 'end') return { items: [], bookmark: FEED_END };
  const rows = await listRegistrationsOf(deps.db, reader.userId, query.pageSize + 1, cursor);
  const page = pageOf(rows, query.pageSize, (r) => ({ key: r.created_at, id: r.id }));
  const now = Date.now();
  return { items: page.items.map((r) => view(r, now)), bookmark: page.bookmark };
}

/** The media of a registered upload, for a pin of its owner: only once its file has arrived. */
export async function requireRegisteredMedia(deps: Deps, actor: Actor, id: string): Promise<string> {
  const registration = await findOwnRegistration(deps, actor, id);
  if (registration.media_status === null) {
    throw new AppError('bad_request', 'media_id: This media has no file yet. Send the file to its upload_url first.');
  }
  return registration.id;
}
