import { sql } from 'kysely';
import type { Reader } from '../access/authorized.ts';
import { notBlocked, notRemovedDidIt, visiblePins } from '../access/visibility.repo.ts';
import type { Cursor } from '../common/bookmark.ts';
import { counterChanges } from '../db/counters.ts';
import type { Db } from '../db/database.ts';
import { afterCursor } from '../db/keyset.ts';
import type { DidItRow } from '../db/schema/did-its.ts';
import type { DidItCounts } from '../../shared/did-it.ts';

export async function didItOf(db: Db, pinId: string, userId: string): Promise<DidItRow | undefined> {
  return db.selectFrom('did_its').selectAll().where('pin_id', '=', pinId).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Takes the tried-it's row lock (PostgreSQL; SQLite has one writer) without changing it, so what
 * the transaction reads of it next is the latest committed state and stays so until it commits:
 * two edits, or an edit and a delete, cannot both move the pin's counts from the same old row.
 */
export async function lockDidIt(db: Db, id: string): Promise<void> {
  await db
    .updateTable('did_its')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .execute();
}

export async function insertDidIt(db: Db, row: DidItRow): Promise<void> {
  await db.insertInto('did_its').values(row).execute();
}

export async function updateDidIt(db: Db, id: string, changes: { details?: string; media_id?: string | null; updated_at: number }): Promise<void> {
  await db.updateTable('did_its').set(changes).where('id', '=', id).execute();
}

/** Deletes the tried-it (its likes and helpful marks go with it); whether it was there. */
export async function deleteDidIt(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('did_its').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * A pin's counts move by `change`, never below zero; the row goes when nobody tried the pin any
 * more. The upsert adds concurrent changes up without a lock.
 */
export async function adjustPinDidItCounts(db: Db, pinId: string, change: DidItCounts): Promise<void> {
  if (change.user_count === 0 && change.images_count === 0) return;
  if (change.user_count > 0) {
    await db
      .insertInto('pin_did_it_counts')
      .values({ pin_id: pinId, user_count: change.user_count, images_count: Math.max(0, change.images_count) })
      .onConflict((oc) =>
        oc.column('pin_id').doUpdateSet(counterChanges({ user_count: change.user_count, images_count: change.images_count }, 'pin_did_it_counts')),
      )
      .execute();
    return;
  }
  await db.updateTable('pin_did_it_counts').set(counterChanges(change)).where('pin_id', '=', pinId).execute();
  await db.deleteFrom('pin_did_it_counts').where('pin_id', '=', pinId).where('user_count', '<=', 0).execute();
}

export type DidItPage = { after: Cursor | null; limit: number };

/** A pin's tried-its the reader may see, newest first, after the cursor (the pin is known visible). */
export async function didItsOfPin(db: Db, reader: Reader, pinId: string, page: DidItPage): Promise<DidItRow[]> {
  let rows = db
    .selectFrom('did_its')
    .selectAll()
    .where('did_its.pin_id', '=', pinId)
    .where(notBlocked(reader, sql.ref('did_its.user_id')))
    .where(notRemovedDidIt(reader));
  if (page.after) rows = rows.where(afterCursor(sql.ref('did_its.created_at'), sql.ref('did_its.id'), page.after, 'desc'));
  return rows.orderBy('did_its.created_at', 'desc').orderBy('did_its.id', 'desc').limit(page.limit).execute();
}

/** A member's tried-its on pins the reader may see, newest first (the author is known not blocked). */
export async function didItsByUser(db: Db, reader: Reader, userId: string, page: DidItPage): Promise<DidItRow[]> {
  let rows = db
    .selectFrom('did_its')
    .innerJoin('pins', 'pins.id', 'did_its.pin_id')
    .selectAll('did_its')
    .where('did_its.user_id', '=', userId)
    .where(visiblePins(reader))
    .where(notRemovedDidIt(reader));
  if (page.after) rows = rows.where(afterCursor(sql.ref('did_its.created_at'), sql.ref('did_its.id'), page.after, 'desc'));
  return rows.orderBy('did_its.created_at', 'desc').orderBy('did_its.id', 'desc').limit(page.limit).execute();
}

export type PinRef = { id: string; title: string; media_id: string | null };

export async function pinRefs(db: Db, pinIds: readonly string[]): Promise<PinRef[]> {
  if (pinIds.length === 0) return [];
  return db
    .selectFrom('pins')
    .select(['id', 'title', 'media_id'])
    .where('id', 'in', [...new Set(pinIds)])
    .execute();
}
