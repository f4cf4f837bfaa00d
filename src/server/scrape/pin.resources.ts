import { PinResource } from '../../shared/contracts/pins.ts';
import { defineResource } from '../http/resources.ts';
import { pinVerbs } from '../pins/pins.resources.ts';
import { presentPinFor } from '../pins/pins.present.ts';
import { createPinFromUrl } from './pin-from-url.service.ts';

/**
 * PinResource: get {id}; create {board_id, section_id?, media_id, title?, ...} or, for a pin from a
 * web page, {board_id, image_url, source_url, ...} instead of media_id, or for a story pin
 * {board_id, story_pin_data, media_id? (the cover), ...}; update {id, ...}; delete {id}. Defined
 * here, above the pins area, because a pin from a web page is this area's to make.
 */
export const PinResourceWithPages = defineResource(PinResource, {
  ...pinVerbs,
  create: async (call) => {
    const { input, actor, deps } = call;
    if (!('image_url' in input) || input.image_url === undefined) return pinVerbs.create({ ...call, input });
    const { pin, save } = await createPinFromUrl(deps, actor, input);
    return { data: await presentPinFor(deps, actor, pin, save) };
  },
});
