import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Media, MediaTable } from '../db/schema/media.ts';
import type { SkinTone } from './skin-tone.ts';

export type NewMedia = Insertable<MediaTable>;

/** What a finished media row holds; written in one update, after every file is stored. */
export type ReadyMedia = Pick<
  MediaTable,
  'width' | 'height' | 'duration_ms' | 'dominant_color' | 'placeholder' | 'signature' | 'features' | 'skin_tone' | 'images' | 'videos'
>;

export async function insertMedia(db: Db, row: NewMedia): Promise<void> {
  await db.insertInto('media').values(row).execute();
}

export async function findMedia(db: Db, id: string): Promise<Media | undefined> {
  return db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A media processed before its row exists (inline ingestion): inserted ready, in one statement. */
export async function insertReadyMedia(db: Db, row: Media, ready: ReadyMedia, now: number): Promise<Media> {
  const media: Media = { ...row, ...ready, status: 'ready', failure_reason: null, upload_key: null, updated_at: now };
  await db.insertInto('media').values(media).execute();
  return media;
}

/** Only a row still processing turns ready, so a late duplicate run cannot overwrite a result. */
export async function markMediaReady(db: Db, id: string, ready: ReadyMedia, now: number): Promise<boolean> {
  const result = await db
    .updateTable('media')
    .set({ ...ready, status: 'ready', failure_reason: null, upload_key: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markMediaFailed(db: Db, id: string, reason: string, now: number): Promise<void> {
  await db
    .updateTable('media')
    .set({ status: 'failed', failure_reason: reason, upload_key: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .execute();
}

/** Media whose processing has not finished, oldest first (for re-queueing after a restart). */
export async function listProcessingMedia(db: Db, limit: number): Promise<{ id: string }[]> {
  return db.selectFrom('media').select('id').where('status', '=', 'processing').orderBy('created_at').limit(limit).execute();
}

/** What the media views of pins, covers and avatars read of each media. */
export async function mediaViewRows(
  db: Db,
  ids: readonly string[],
): Promise<Pick<Media, 'id' | 'status' | 'images' | 'videos' | 'dominant_color' | 'signature' | 'placeholder'>[]> {
  return db
    .selectFrom('media')
    .select(['id', 'status', 'images', 'videos', 'dominant_color', 'signature', 'placeholder'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Ready pictures whose skin tone was never analysed (processed before migration 0013), by id. */
export async function waitingForSkinTone(db: Db, limit: number): Promise<{ id: string; images: string | null }[]> {
  return db.selectFrom('media').select(['id', 'images']).where('skin_tone', 'is', null).where('status', '=', 'ready').orderBy('id').limit(limit).execute();
}

/** Only a row still waiting: a duplicate run, or a reprocessing, keeps what it wrote. */
export async function setSkinTone(db: Db, id: string, skinTone: SkinTone): Promise<void> {
  await db.updateTable('media').set({ skin_tone: skinTone }).where('id', '=', id).where('skin_tone', 'is', null).execute();
}
