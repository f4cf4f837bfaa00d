import type { ParsedInputOf } from '../../shared/contracts/contract.ts';
import { HiddenPinResource, PinVideoViewResource, RepinResource, UserPinsResource, type PinJson, type PinResource } from '../../shared/contracts/pins.ts';
import { defineResource, type Resource, type ResourceCall, type ResourceResult } from '../http/resources.ts';
import { readPin } from './pin-reads.service.ts';
import { presentPinFor, presentPinsFor } from './pins.present.ts';
import { createPin, deletePin, editPin, setPinHidden } from './pins.service.ts';
import { moveSave, savePin, unsavePin } from './saves.service.ts';
import { createStoryPin } from './story.service.ts';
import { UserStoryPinsResource } from './story.resources.ts';
import { userPins } from './user-pins.ts';
import { recordVideoView, viewerKey } from './video-views.ts';

type Call<V extends 'get' | 'create' | 'update' | 'delete'> = ResourceCall<ParsedInputOf<typeof PinResource, V>>;
type NewPin = ParsedInputOf<typeof PinResource, 'create'>;

/**
 * PinResource's verbs as far as the pins area holds them: a pin from a web page is made by the
 * scrape area, which defines the resource with these (scrape/pin.resources.ts).
 */
export const pinVerbs = {
  get: async ({ input, actor, deps }: Call<'get'>): Promise<ResourceResult<PinJson>> => ({ data: await readPin(deps, actor, input.id) }),
  /** A pin from an upload, or a story pin. */
  create: async ({ input, actor, deps }: ResourceCall<Exclude<NewPin, { image_url: string }>>): Promise<ResourceResult<PinJson>> => {
    const { pin, save } = input.story_pin_data === undefined ? await createPin(deps, actor, input) : await createStoryPin(deps, actor, input);
    return { data: await presentPinFor(deps, actor, pin, save) };
  },
  update: async ({ input, actor, deps }: Call<'update'>): Promise<ResourceResult<PinJson>> => {
    const { id, ...changes } = input;
    return { data: await presentPinFor(deps, actor, await editPin(deps, actor, id, changes)) };
  },
  delete: async ({ input, actor, deps }: Call<'delete'>): Promise<ResourceResult<null>> => {
    await deletePin(deps, actor, input.id);
    return { data: null };
  },
};

export const pinResources: Resource[] = [
  defineResource(RepinResource, {
    create: async ({ input, actor, deps }) => {
      const save = await savePin(deps, actor, { pinId: input.pin_id, boardId: input.board_id, sectionId: input.section_id });
      return { data: await readPin(deps, actor, save.pin_id, save) };
    },
    update: async ({ input, actor, deps }) => {
      const save = await moveSave(deps, actor, input.id, { boardId: input.board_id, sectionId: input.section_id });
      return { data: await readPin(deps, actor, save.pin_id, save) };
    },
    delete: async ({ input, actor, deps }) => {
      const save = await unsavePin(deps, actor, input.id);
      return { data: { pin_id: save.pin_id, local_pin_id: save.id, board_id: save.board_id, saved_info: null } };
    },
  }),
  defineResource(HiddenPinResource, {
    create: async ({ input, actor, deps }) => {
      await setPinHidden(deps, actor, input.pin_id, true);
      return { data: { pin_id: input.pin_id, is_hidden: true } };
    },
    delete: async ({ input, actor, deps }) => {
      await setPinHidden(deps, actor, input.pin_id, false);
      return { data: { pin_id: input.pin_id, is_hidden: false } };
    },
  }),
  defineResource(UserPinsResource, {
    get: async ({ input, actor, deps }) => {
      const { pins, bookmark } = await userPins(deps, actor, input);
      return { data: await presentPinsFor(deps, actor, pins), bookmark };
    },
  }),
  UserStoryPinsResource,
  defineResource(PinVideoViewResource, {
    create: async ({ input, actor, deps, request }) => ({ data: await recordVideoView(deps, actor, input.pin_id, viewerKey(actor, request.ip)) }),
  }),
];
