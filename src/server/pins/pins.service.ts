import type { Transaction } from 'kysely';
import type { Actor } from '../access/actor.ts';
import { writerOf, type Writer } from '../access/authorized.ts';
import { requireBoardAccess, requireNotArchived } from '../access/board.policy.ts';
import { requireUnblocked } from '../access/blocking.policy.ts';
import { findVisiblePin, requirePinCreator } from '../access/pin.policy.ts';
import { isSectionOfBoard } from '../boards/sections.repo.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { requireMayPublish } from '../access/restrictions.policy.ts';
import type { BoardPin, Pin } from '../db/schema/boards-and-pins.ts';
import type { Database } from '../db/schema.ts';
import { lockPin, transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../errors.ts';
import { markProfilePinsStale } from '../users/profile-counters.repo.ts';
import type { PinChanges, PinFields } from '../../shared/contracts/pins.ts';
import { domainOf } from './pin-domain.ts';
import { resolvePinMedia } from './pin-media.ts';
import { adjustPinSaves, deleteHiddenPin, deleteSavesOfPin, insertHiddenPin, insertPin, markPinDeleted, savesOfPin, updatePinText } from './pins.repo.ts';
import { countSaves } from './save-counts.ts';
import { insertSave } from './saves.repo.ts';

/** A section id must name a section of that very board, and no blocking action may hold the place. */
export async function requireSectionOf(db: Db, boardId: string, sectionId: string | null | undefined): Promise<string | null> {
  const place = sectionId ? sectionId : null;
  if (place !== null && !(await isSectionOfBoard(db, place, boardId))) throw notFound('section');
  await requireUnblocked(db, boardId, place);
  return place;
}

/** More rows that belong to a new pin (its source page, its story pages), written in the pin's own transaction. */
export type PinExtras = (trx: Transaction<Database>, pin: Pin) => Promise<void>;

/**
 * PinResource create: a new pin, saved by its creator to the chosen board (and section), which
 * needs write access to a board that is not archived. The save counts like any other.
 */
export async function createPin(deps: Deps, actor: Actor, fields: PinFields, extras?: PinExtras): Promise<{ pin: Pin; save: BoardPin }> {
  return createPinAs(deps, writerOf(actor, 'pins:write'), fields, extras);
}

/** createPin for a service that already holds the writer (a story pin, a pin from a web page). */
export async function createPinAs(deps: Deps, writer: Writer, fields: PinFields, extras?: PinExtras): Promise<{ pin: Pin; save: BoardPin }> {
  await requireMayPublish(deps.db, writer);
  const media = await resolvePinMedia(deps, writer, fields.media_id);
  return transact(deps.db, async (trx) => {
    const { board } = await requireBoardAccess(trx, writer, fields.board_id, 'write');
    requireNotArchived(board);
    const sectionId = await requireSectionOf(trx, board.id, fields.section_id);
    const now = Date.now();
    const link = fields.link || null;
    const pin: Pin = {
      id: newId(),
      creator_id: writer.userId,
      title: fields.title ?? '',
      description: fields.description ?? '',
      alt_text: fields.alt_text ?? '',
      link,
      domain: domainOf(link),
      media_id: media.mediaId,
      kind: media.kind,
      comments_disabled: fields.comments_disabled ? 1 : 0,
      is_unsafe: 0,
      save_count: 0,
      comment_count: 0,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    await insertPin(trx, pin);
    const save: BoardPin = { id: newId(), pin_id: pin.id, board_id: board.id, section_id: sectionId, saved_by: writer.userId, created_at: now };
    await insertSave(trx, save);
    await countSaves(trx, { boardId: board.id, ownerId: board.owner_id, privacy: board.privacy, sectionId }, 1, now);
    await adjustPinSaves(trx, pin.id, board.id, 1);
    await extras?.(trx, pin);
    await deps.events.record(trx, writer.userId, { type: 'pin.created', pinId: pin.id, boardId: board.id });
    return { pin: { ...pin, save_count: board.privacy === 'public' ? 1 : 0 }, save };
  });
}

/** Pin edit: title, description, link (and with it the domain), alt text, comments. Creator only. */
export async function editPin(deps: Deps, actor: Actor, pinId: string, changes: PinChanges): Promise<Pin> {
  const writer = writerOf(actor, 'pins:write');
  const pin = await requirePinCreator(deps.db, writer, pinId);
  const link = changes.link === undefined ? pin.link : changes.link || null;
  const updated: Pin = {
    ...pin,
    title: changes.title ?? pin.title,
    description: changes.description ?? pin.description,
    alt_text: changes.alt_text ?? pin.alt_text,
    link,
    domain: domainOf(link),
    comments_disabled: changes.comments_disabled === undefined ? pin.comments_disabled : changes.comments_disabled ? 1 : 0,
    updated_at: Date.now(),
  };
  const { title, description, alt_text, domain, comments_disabled, updated_at } = updated;
  await transact(deps.db, async (trx) => {
    await updatePinText(trx, pin.id, { title, description, alt_text, link, domain, comments_disabled, updated_at });
    await deps.events.record(trx, writer.userId, { type: 'pin.edited', pinId: pin.id });
  });
  return updated;
}

/**
 * Pin delete (creator only): the content goes from every board holding it, each board's and
 * owner's counts drop, and the pin and board deletion rule marks those owners' profile pins stale.
 */
export async function deletePin(deps: Deps, actor: Actor, pinId: string): Promise<void> {
  const writer = writerOf(actor, 'pins:write');
  await transact(deps.db, async (trx) => {
    await lockPin(trx, pinId);
    const pin = await requirePinCreator(trx, writer, pinId);
    const now = Date.now();
    const saves = await savesOfPin(trx, pin.id);
    for (const s of saves) await countSaves(trx, { boardId: s.board_id, ownerId: s.owner_id, privacy: s.privacy, sectionId: s.section_id }, -1, now);
    await deleteSavesOfPin(trx, pin.id);
    await markPinDeleted(trx, pin.id, now);
    await markProfilePinsStale(trx, [writer.userId, ...saves.map((s) => s.owner_id)], now);
    await deps.events.record(trx, writer.userId, { type: 'pin.deleted', pinId: pin.id, boardIds: saves.map((s) => s.board_id) });
  });
}

/** Hide: the pin leaves the caller's feeds (and only theirs); unhide brings it back. Repeating is harmless. */
export async function setPinHidden(deps: Deps, actor: Actor, pinId: string, hidden: boolean): Promise<void> {
  const writer = writerOf(actor, 'pins:write');
  await transact(deps.db, async (trx) => {
    const pin = await findVisiblePin(trx, writer, pinId);
    if (hidden) await insertHiddenPin(trx, writer.userId, pin.id, Date.now());
    else await deleteHiddenPin(trx, writer.userId, pin.id);
    await deps.events.record(trx, writer.userId, { type: 'pin.hidden', pinId: pin.id, hidden });
  });
}
