import type { Actor } from '../access/actor.ts';
import { readerOf, writerOf, type Writer } from '../access/authorized.ts';
import { requireMayPublish } from '../access/restrictions.policy.ts';
import { findVisiblePin } from '../access/pin.policy.ts';
import { enforceRateLimit } from '../common/rate-limits.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import type { DidItRow } from '../db/schema/did-its.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findMedia } from '../media/media.repo.ts';
import type { DidItJson } from '../../shared/contracts/did-its.ts';
import { didItCountsChange } from '../../shared/did-it.ts';
import { adjustPinDidItCounts, deleteDidIt, didItOf, insertDidIt, lockDidIt, updateDidIt } from './did-its.repo.ts';
import { findVisibleDidIt } from '../access/did-it.policy.ts';
import { presentDidIt } from './did-its.present.ts';

export type NewDidIt = { pin_id: string; media_id?: string | undefined; details?: string | undefined };
export type DidItChanges = { id: string; media_id?: string | null | undefined; details?: string | undefined };

/** Editing and deleting a tried-it is its author's alone; others who see it are refused (403). */
async function requireAuthor(db: Db, writer: Writer, id: string): Promise<DidItRow> {
  const row = await findVisibleDidIt(db, writer, id);
  if (row.user_id !== writer.userId) throw new AppError('forbidden', 'Only its author can change a tried-it.');
  return row;
}

/** A tried-it's photo: a picture the writer uploaded that did not fail; someone else's is not found. */
async function requirePhoto(db: Db, writer: Writer, mediaId: string): Promise<string> {
  const media = await findMedia(db, mediaId);
  if (!media || media.owner_id !== writer.userId) throw new AppError('not_found', 'media_id: Not found.');
  if (media.kind !== 'image') throw new AppError('bad_request', 'media_id: A tried-it shows a photo, not a video.');
  if (media.status === 'failed') throw new AppError('bad_request', 'media_id: This upload could not be processed. Please try another file.');
  return media.id;
}

export async function getDidIt(deps: Deps, actor: Actor, id: string): Promise<DidItJson> {
  const reader = readerOf(actor);
  return presentDidIt(deps, reader, await findVisibleDidIt(deps.db, reader, id));
}

/**
 * A member marks a pin they may see as tried, with a photo of theirs, a note, or both: one
 * tried-it per member and pin (a second is a conflict: edit the first). The pin's counts move in
 * the same transaction.
 */
export async function createDidIt(deps: Deps, actor: Actor, input: NewDidIt): Promise<DidItJson> {
  const writer = writerOf(actor, 'pins:write');
  await enforceRateLimit(deps, 'didItWrite', writer.userId);
  await requireMayPublish(deps.db, writer);
  const row = await transact(deps.db, async (trx) => {
    const pin = await findVisiblePin(trx, writer, input.pin_id);
    const mediaId = input.media_id === undefined ? null : await requirePhoto(trx, writer, input.media_id);
    if (await didItOf(trx, pin.id, writer.userId)) throw new AppError('conflict', 'You already tried this Pin. Edit your tried-it instead.');
    const now = Date.now();
    const created: DidItRow = {
      id: newId(),
      pin_id: pin.id,
      user_id: writer.userId,
      media_id: mediaId,
      details: input.details ?? '',
      like_count: 0,
      helpful_count: 0,
      comment_count: 0,
      removed: 0,
      created_at: now,
      updated_at: now,
    };
    await insertDidIt(trx, created);
    await adjustPinDidItCounts(trx, pin.id, didItCountsChange(null, { hasPhoto: mediaId !== null }));
    await deps.events.record(trx, writer.userId, { type: 'did_it.created', didItId: created.id, pinId: pin.id });
    return created;
  });
  return presentDidIt(deps, writer, row);
}

/** The author changes the note, or the photo (null removes it); a tried-it keeps a photo or a note. */
export async function editDidIt(deps: Deps, actor: Actor, input: DidItChanges): Promise<DidItJson> {
  const writer = writerOf(actor, 'pins:write');
  await enforceRateLimit(deps, 'didItWrite', writer.userId);
  await requireMayPublish(deps.db, writer);
  const row = await transact(deps.db, async (trx) => {
    await lockDidIt(trx, input.id);
    const before = await requireAuthor(trx, writer, input.id);
    const mediaId = input.media_id === undefined ? before.media_id : input.media_id === null ? null : await requirePhoto(trx, writer, input.media_id);
    const details = input.details ?? before.details;
    if (mediaId === null && details === '') throw new AppError('bad_request', 'details: Add a photo or a note.');
    const after: DidItRow = { ...before, media_id: mediaId, details, updated_at: Date.now() };
    await updateDidIt(trx, before.id, { media_id: after.media_id, details: after.details, updated_at: after.updated_at });
    // A tried-it an operator removed is out of the pin's counts already.
    if (before.removed === 0)
      await adjustPinDidItCounts(trx, before.pin_id, didItCountsChange({ hasPhoto: before.media_id !== null }, { hasPhoto: mediaId !== null }));
    await deps.events.record(trx, writer.userId, { type: 'did_it.edited', didItId: before.id, pinId: before.pin_id });
    return after;
  });
  return presentDidIt(deps, writer, row);
}

/** The author deletes their tried-it; its likes and helpful marks go with it and the pin's counts fall. */
export async function removeDidIt(deps: Deps, actor: Actor, id: string): Promise<{ id: string; pin_id: string }> {
  const writer = writerOf(actor, 'pins:write');
  await enforceRateLimit(deps, 'didItWrite', writer.userId);
  return transact(deps.db, async (trx) => {
    await lockDidIt(trx, id);
    const before = await requireAuthor(trx, writer, id);
    if (await deleteDidIt(trx, before.id)) {
      if (before.removed === 0) await adjustPinDidItCounts(trx, before.pin_id, didItCountsChange({ hasPhoto: before.media_id !== null }, null));
      await deps.events.record(trx, writer.userId, { type: 'did_it.deleted', didItId: before.id, pinId: before.pin_id });
    }
    return { id: before.id, pin_id: before.pin_id };
  });
}
