import { z } from 'zod';
import type { Actor } from '../access/actor.ts';
import { Bookmark, Id } from '../boards/board.inputs.ts';
import { AnyOptions } from '../boards/boards.resources.ts';
import type { BoardPin, Pin } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { defineUntypedResource, type Resource } from '../http/resources.ts';
import { parseInput } from '../http/validate.ts';
import { createPinFromUrl } from '../scrape/pin-from-url.service.ts';
import { PinFromUrlFields } from '../scrape/scrape.inputs.ts';
import { readerOf } from '../access/authorized.ts';
import { PinChanges, PinFields } from './pin.inputs.ts';
import { findVisiblePin } from '../access/pin.policy.ts';
import { presentPins, type PinJson } from './pins.present.ts';
import { createPin, deletePin, editPin, setPinHidden } from './pins.service.ts';
import { moveSave, savePin, unsavePin } from './saves.service.ts';
import { userPins } from './user-pins.ts';
import { recordVideoView, viewerKey } from './video-views.ts';
import { createStoryPin, StoryPinFields } from './story.service.ts';
import { UserStoryPinsResource } from './story.resources.ts';

const PinRef = z.object({ id: Id });

async function pinJson(deps: Deps, actor: Actor, pin: Pin, save?: BoardPin): Promise<PinJson> {
  const [json] = await presentPins(deps, readerOf(actor), [{ pin, save }]);
  if (!json) throw new Error('a pin presents as one pin');
  return json;
}

/** A pin from an upload, from a web page (image_url), or a story pin (story_pin_data). */
async function createFromOptions(deps: Deps, actor: Actor, options: Record<string, unknown>): Promise<{ pin: Pin; save: BoardPin }> {
  if (options['story_pin_data'] !== undefined) return createStoryPin(deps, actor, parseInput(StoryPinFields, options));
  if (options['image_url'] !== undefined) return createPinFromUrl(deps, actor, parseInput(PinFromUrlFields, options));
  return createPin(deps, actor, parseInput(PinFields, options));
}

/**
 * PinResource: get {id}; create {board_id, section_id?, media_id, title?, ...} or, for a pin from a
 * web page, {board_id, image_url, source_url, ...} instead of media_id, or for a story pin
 * {board_id, story_pin_data, media_id? (the cover), ...}; update {id, ...}; delete {id}.
 */
export const PinResource = defineUntypedResource({
  name: 'PinResource',
  options: AnyOptions,
  sameForEveryVisitor: true,
  get: async ({ options, actor, deps }) => ({
    data: await pinJson(deps, actor, await findVisiblePin(deps.db, readerOf(actor), parseInput(PinRef, options).id)),
  }),
  create: async ({ options, actor, deps }) => {
    const { pin, save } = await createFromOptions(deps, actor, options);
    return { data: await pinJson(deps, actor, pin, save) };
  },
  update: async ({ options, actor, deps }) => {
    const { id, ...changes } = parseInput(PinChanges.extend({ id: Id }), options);
    return { data: await pinJson(deps, actor, await editPin(deps, actor, id, changes)) };
  },
  delete: async ({ options, actor, deps }) => {
    await deletePin(deps, actor, parseInput(PinRef, options).id);
    return { data: null };
  },
});

const SaveOptions = z.object({ pin_id: Id, board_id: Id.optional(), section_id: Id.nullable().optional() });
const MoveOptions = z.object({ id: Id, board_id: Id.optional(), section_id: Id.nullable().optional() });

/**
 * RepinResource: create {pin_id, board_id?, section_id?} saves (no board: a quick save) and answers
 * the pin with savedInfo, pinned_to_board and privacy; update {id, board_id?, section_id?} moves a
 * save; delete {id} unsaves. `id` is the save's (the spec's localPinId).
 */
export const RepinResource = defineUntypedResource({
  name: 'RepinResource',
  options: AnyOptions,
  create: async ({ options, actor, deps }) => {
    const o = parseInput(SaveOptions, options);
    const save = await savePin(deps, actor, { pinId: o.pin_id, boardId: o.board_id, sectionId: o.section_id });
    return { data: await pinJson(deps, actor, await findVisiblePin(deps.db, readerOf(actor), save.pin_id), save) };
  },
  update: async ({ options, actor, deps }) => {
    const o = parseInput(MoveOptions, options);
    const save = await moveSave(deps, actor, o.id, { boardId: o.board_id, sectionId: o.section_id });
    return { data: await pinJson(deps, actor, await findVisiblePin(deps.db, readerOf(actor), save.pin_id), save) };
  },
  delete: async ({ options, actor, deps }) => {
    const save = await unsavePin(deps, actor, parseInput(PinRef, options).id);
    return { data: { pin_id: save.pin_id, local_pin_id: save.id, board_id: save.board_id, saved_info: null } };
  },
});

const HideOptions = z.object({ pin_id: Id });

/** HiddenPinResource: create {pin_id} hides a pin from the caller's feeds; delete {pin_id} shows it again. */
export const HiddenPinResource = defineUntypedResource({
  name: 'HiddenPinResource',
  options: AnyOptions,
  create: async ({ options, actor, deps }) => {
    const { pin_id } = parseInput(HideOptions, options);
    await setPinHidden(deps, actor, pin_id, true);
    return { data: { pin_id, is_hidden: true } };
  },
  delete: async ({ options, actor, deps }) => {
    const { pin_id } = parseInput(HideOptions, options);
    await setPinHidden(deps, actor, pin_id, false);
    return { data: { pin_id, is_hidden: false } };
  },
});

const UserPinsOptions = z.object({ username: z.string().min(1).max(100), bookmark: Bookmark });

/** UserPinsResource get {username, bookmark?}: the pins a profile created, 25 a page. */
export const UserPinsResource = defineUntypedResource({
  name: 'UserPinsResource',
  options: AnyOptions,
  sameForEveryVisitor: true,
  get: async ({ options, actor, deps }) => {
    const { pins, bookmark } = await userPins(deps, actor, parseInput(UserPinsOptions, options));
    return {
      data: await presentPins(
        deps,
        readerOf(actor),
        pins.map((pin) => ({ pin })),
      ),
      bookmark,
    };
  },
});

/** PinVideoViewResource create {pin_id}: the reader started the pin's video; counted once per viewer in a window. */
export const PinVideoViewResource = defineUntypedResource({
  name: 'PinVideoViewResource',
  options: AnyOptions,
  create: async ({ options, actor, deps, request }) => {
    const { pin_id } = parseInput(z.object({ pin_id: Id }), options);
    return { data: await recordVideoView(deps, actor, pin_id, viewerKey(actor, request.ip)) };
  },
});

export const pinResources: Resource[] = [PinResource, RepinResource, HiddenPinResource, UserPinsResource, UserStoryPinsResource, PinVideoViewResource];
