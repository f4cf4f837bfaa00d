import type { Actor } from '../access/actor.ts';
import { readerOf, writerOf } from '../access/authorized.ts';
import { requireBoardAccess, requireNotArchived } from '../access/board.policy.ts';
import { findVisiblePin, requirePinCreator } from '../access/pin.policy.ts';
import type { BoardPin, Pin } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { PinChanges, PinFields, PinJson } from '../../shared/contracts/pins.ts';
import { presentPins, type PinItem } from './pins.present.ts';
import { createPinAs, editPin, requireSectionOf } from './pins.service.ts';
import { latestOwnSave, savePlacesOf } from './pins-v5.repo.ts';
import { moveSave, savePin, type MoveTarget, type SaveTarget } from './saves.service.ts';

/**
 * What the public API (src/server/v5, docs/decisions/0011-public-api-v5.md) asks of pins beyond the
 * resource protocol's services: its pins name the board they are shown on, a new pin's board is
 * checked before its picture is taken in, and an update may both edit and move a pin.
 */

/** The save a pin is shown through: its board, section and board owner. */
export type SavePlace = { board_id: string; section_id: string | null; username: string };

/** A pin as the public API shows it: our presentation, the save it is shown through, and whether the caller made it. */
export type ApiPin = { pin: PinJson; place: SavePlace | undefined; byCaller: boolean };

/**
 * The board a pin is shown on: the save it was listed through, else the reader's own latest
 * save of it, else the first board the reader may see that holds it.
 */
function boardOf(pin: PinJson): string | undefined {
  return pin.board_pin?.board_id ?? pin.saved_info?.board_id ?? pin.board?.id;
}

/** Pins the caller may see, hydrated in a fixed number of queries. */
export async function presentPinsForApi(deps: Deps, actor: Actor, items: readonly PinItem[]): Promise<ApiPin[]> {
  const reader = readerOf(actor);
  const json = await presentPins(deps, reader, items);
  const rows = await savePlacesOf(
    deps.db,
    json.map((p) => p.id),
    [...new Set(json.flatMap((p) => boardOf(p) ?? []))],
  );
  const places = new Map(rows.map((r) => [`${r.pin_id}:${r.board_id}`, r]));
  return json.map((pin) => {
    const place = places.get(`${pin.id}:${boardOf(pin) ?? ''}`);
    return {
      pin,
      place: place ? { board_id: place.board_id, section_id: place.section_id, username: place.username } : undefined,
      byCaller: reader.userId !== null && pin.pinner.id === reader.userId,
    };
  });
}

/** A pin the caller may see. */
export async function findPin(deps: Deps, actor: Actor, pinId: string): Promise<Pin> {
  return findVisiblePin(deps.db, readerOf(actor), pinId);
}

/**
 * A new pin whose media is taken in by `takeMedia` (an inline image, a fetched URL, a registered
 * video) only once its board (writable, not archived) and section are known good, so a refused
 * pin stores no picture.
 */
export async function createPinWithMedia(
  deps: Deps,
  actor: Actor,
  fields: Omit<PinFields, 'media_id'>,
  takeMedia: () => Promise<string>,
): Promise<{ pin: Pin; save: BoardPin }> {
  const writer = writerOf(actor, 'pins:write');
  const { board } = await requireBoardAccess(deps.db, writer, fields.board_id, 'write');
  requireNotArchived(board);
  await requireSectionOf(deps.db, board.id, fields.section_id);
  return createPinAs(deps, writer, { ...fields, media_id: await takeMedia() });
}

/** A pin's texts as an update names them: a text left undefined stays as it is. */
export type PinTexts = Record<keyof Pick<PinChanges, 'title' | 'description' | 'alt_text' | 'link'>, string | undefined>;

/**
 * The public API's pin update: texts are the creator's to change; a board or section moves the
 * caller's own latest save of the pin. Both checks come before either change, so a refused update
 * changes nothing.
 */
export async function changePin(deps: Deps, actor: Actor, pinId: string, texts: PinTexts, move: MoveTarget | undefined): Promise<PinItem> {
  const writer = writerOf(actor, 'pins:write');
  const edits = Object.values(texts).some((v) => v !== undefined);
  let pin = await findVisiblePin(deps.db, writer, pinId);
  if (edits) await requirePinCreator(deps.db, writer, pin.id);
  let save: BoardPin | undefined;
  if (move) {
    const own = await latestOwnSave(deps.db, writer, pin.id);
    if (!own) throw new AppError('conflict', 'This Pin is on none of your boards. Save it with POST /v5/pins/{pin_id}/save.');
    save = await moveSave(deps, actor, own.id, move);
  }
  if (edits) pin = await editPin(deps, actor, pin.id, texts);
  return { pin, save };
}

/** Saves a pin and reads it back as the caller now sees it, with the new save. */
export async function savePinAndRead(deps: Deps, actor: Actor, target: SaveTarget): Promise<PinItem> {
  const save = await savePin(deps, actor, target);
  return { pin: await findVisiblePin(deps.db, readerOf(actor), save.pin_id), save };
}
