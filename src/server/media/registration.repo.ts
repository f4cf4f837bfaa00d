import { sql } from 'kysely';
import type { Cursor } from '../common/bookmark.ts';
import type { Db } from '../db/database.ts';
import type { Media, MediaRegistration } from '../db/schema/media.ts';
import { afterCursor } from '../db/keyset.ts';

/** A registration with the status of the media its file became (none before the file arrives). */
export type RegistrationRow = MediaRegistration & { media_status: Media['status'] | null };

function withMedia(db: Db) {
  return db.selectFrom('media_registrations as r').leftJoin('media', 'media.id', 'r.id').selectAll('r').select('media.status as media_status');
}

export async function insertRegistration(db: Db, row: MediaRegistration): Promise<void> {
  await db.insertInto('media_registrations').values(row).execute();
}

export async function findRegistration(db: Db, id: string): Promise<RegistrationRow | undefined> {
  return withMedia(db).where('r.id', '=', id).executeTakeFirst();
}

/** An owner's registrations, newest first, after the cursor of the last one seen. */
export async function listRegistrationsOf(db: Db, ownerId: string, limit: number, after: Cursor | null): Promise<RegistrationRow[]> {
  let query = withMedia(db).where('r.owner_id', '=', ownerId);
  if (after) query = query.where(afterCursor(sql.ref('r.created_at'), sql.ref('r.id'), after, 'desc'));
  return query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).execute();
}

/**
 * Takes the registration for one file: only while nothing was uploaded to it, nothing failed and
 * it has not expired. One conditional update, so of two uploads racing for it exactly one wins.
 */
export async function claimRegistration(db: Db, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('media_registrations')
    .set({ uploaded_at: now })
    .where('id', '=', id)
    .where('uploaded_at', 'is', null)
    .where('failure_reason', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The personal access token that registered an upload, while it is not revoked: the upload acts as it. */
export async function activeTokenOf(db: Db, tokenId: string): Promise<{ id: string; user_id: string; scopes: string } | undefined> {
  return db
    .selectFrom('personal_access_tokens')
    .select(['id', 'user_id', 'scopes'])
    .where('id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function markRegistrationFailed(db: Db, id: string, reason: string): Promise<void> {
  await db.updateTable('media_registrations').set({ failure_reason: reason }).where('id', '=', id).where('failure_reason', 'is', null).execute();
}
