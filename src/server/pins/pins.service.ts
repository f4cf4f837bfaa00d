import type { Actor } from '../access/actor.ts';
import { requireBoardAccess, requireNotArchived } from '../access/board.policy.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import type { Transaction } from 'kysely';
import type { BoardPin, Pin } from '../db/schema/boards-and-pins.ts';
import type { Database } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { markProfilePinsStale } from '../social/counters.ts';
import { writerOf } from '../access/authorized.ts';
import { domainOf, type PinChanges, type PinFields } from './pin.inputs.ts';
import { resolvePinMedia } from './pin-media.ts';
import { findVisiblePin, requirePinCreator } from '../access/pin.policy.ts';
import { countSaves } from './save-counts.ts';
import { lockPin, transact } from '../db/transaction.ts';

/** A section id must name a section of that very board. */
export async function requireSectionOf(db: Db, boardId: string, sectionId: string | null | undefined): Promise<string | null> {
  if (!sectionId) return null;
  const section = await db.selectFrom('board_sections').select('id').where('id', '=', sectionId).where('board_id', '=', boardId).executeTakeFirst();
  if (!section) throw new AppError('not_found');
  return section.id;
}

/** More rows that belong to a new pin (its source page), written in the pin's own transaction. */
export type PinExtras = (trx: Transaction<Database>, pin: Pin) => Promise<void>;

/**
 * PinResource create: a new pin, saved by its creator to the chosen board (and section), which
 * needs write access to a board that is not archived. The save counts like any other.
 */
export async function createPin(deps: Deps, actor: Actor, fields: PinFields, extras?: PinExtras): Promise<{ pin: Pin; save: BoardPin }> {
  const writer = writerOf(actor, 'pins:write');
  const media = await resolvePinMedia(deps, writer, fields.media_id);
  const created = await transact(deps.db, async (trx) => {
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
      save_count: 1,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    await trx.insertInto('pins').values(pin).execute();
    const save: BoardPin = { id: newId(), pin_id: pin.id, board_id: board.id, section_id: sectionId, saved_by: writer.userId, created_at: now };
    await trx.insertInto('board_pins').values(save).execute();
    await countSaves(trx, { boardId: board.id, ownerId: board.owner_id, privacy: board.privacy, sectionId }, 1, now);
    await extras?.(trx, pin);
    await deps.events.record(trx, writer.userId, { type: 'pin.created', pinId: pin.id, boardId: board.id });
    return { pin, save };
  });
  return created;
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
    await trx.updateTable('pins').set({ title, description, alt_text, link, domain, comments_disabled, updated_at }).where('id', '=', pin.id).execute();
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
    const saves = await trx
      .selectFrom('board_pins')
      .innerJoin('boards', 'boards.id', 'board_pins.board_id')
      .select(['board_pins.board_id', 'board_pins.section_id', 'boards.owner_id', 'boards.privacy'])
      .where('board_pins.pin_id', '=', pin.id)
      .execute();
    for (const s of saves) await countSaves(trx, { boardId: s.board_id, ownerId: s.owner_id, privacy: s.privacy, sectionId: s.section_id }, -1, now);
    await trx.deleteFrom('board_pins').where('pin_id', '=', pin.id).execute();
    await trx.updateTable('pins').set({ deleted_at: now, updated_at: now, save_count: 0 }).where('id', '=', pin.id).execute();
    await markProfilePinsStale(trx, [writer.userId, ...saves.map((s) => s.owner_id)], now);
    await deps.events.record(trx, writer.userId, { type: 'pin.deleted', pinId: pin.id, boardIds: saves.map((s) => s.board_id) });
  });
}

/** Hide: the pin leaves the caller's feeds (and only theirs); unhide brings it back. Repeating is harmless. */
export async function setPinHidden(deps: Deps, actor: Actor, pinId: string, hidden: boolean): Promise<void> {
  const writer = writerOf(actor, 'pins:write');
  await transact(deps.db, async (trx) => {
    const pin = await findVisiblePin(trx, writer, pinId);
    if (hidden) {
      await trx
        .insertInto('hidden_pins')
        .values({ user_id: writer.userId, pin_id: pin.id, created_at: Date.now() })
        .onConflict((oc) => oc.columns(['user_id', 'pin_id']).doNothing())
        .execute();
    } else {
      await trx.deleteFrom('hidden_pins').where('user_id', '=', writer.userId).where('pin_id', '=', pin.id).execute();
    }
    await deps.events.record(trx, writer.userId, { type: 'pin.hidden', pinId: pin.id, hidden });
  });
}
