import type { z } from 'zod';
import type { Actor } from '../access/actor.ts';
import { Id } from '../boards/board.inputs.ts';
import { newId } from '../db/ids.ts';
import type { BoardPin, Pin } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { writerOf } from '../access/authorized.ts';
import { defaultCover, isMediaBlock, storyMediaIds, StoryPinInput } from '../../shared/story-pin.ts';
import { PinFields } from './pin.inputs.ts';
import { resolvePinMedia } from './pin-media.ts';
import { createPin } from './pins.service.ts';

/**
 * PinResource create of a story pin: the pin's fields, its pages, and `media_id` as the cover
 * (the first page's picture or video when left out).
 */
export const StoryPinFields = PinFields.extend({ media_id: Id.optional(), story_pin_data: StoryPinInput });
export type StoryPinFields = z.infer<typeof StoryPinFields>;

/**
 * Every media of the pages is the writer's own upload that did not fail (pin-media.ts's rule for a
 * pin's picture), and an image block shows a picture, a video block a video.
 */
async function requireStoryMedia(deps: Deps, actor: Actor, story: StoryPinInput): Promise<void> {
  const writer = writerOf(actor, 'pins:write');
  const kinds = new Map<string, string>();
  for (const id of storyMediaIds(story)) kinds.set(id, (await resolvePinMedia(deps, writer, id)).kind);
  for (const [p, page] of story.pages.entries()) {
    for (const [b, block] of page.blocks.entries()) {
      if (isMediaBlock(block) && kinds.get(block.media_id) !== block.type) {
        throw new AppError('bad_request', `story_pin_data.pages.${p}.blocks.${b}.media_id: This is not a ${block.type === 'image' ? 'picture' : 'video'}.`);
      }
    }
  }
}

/**
 * A story pin: checked whole before anything is written, then made by the one pin create (its
 * board, save, counts and search document) with the pages and their media in the same
 * transaction, so a failure leaves no pin without pages and no pages without a pin.
 */
export async function createStoryPin(deps: Deps, actor: Actor, fields: StoryPinFields): Promise<{ pin: Pin; save: BoardPin }> {
  const { story_pin_data: story, ...pinFields } = fields;
  const cover = pinFields.media_id ?? defaultCover(story);
  if (cover === null) throw new AppError('bad_request', 'media_id: A story pin needs a cover: add a picture or video to a page.');
  await requireStoryMedia(deps, actor, story);
  return createPin(deps, actor, { ...pinFields, media_id: cover }, async (trx, pin) => {
    await trx
      .insertInto('story_pins')
      .values({ id: newId(), pin_id: pin.id, pages: JSON.stringify(story.pages), metadata: JSON.stringify(story.metadata), created_at: pin.created_at })
      .execute();
    const media = storyMediaIds(story).map((media_id) => ({ pin_id: pin.id, media_id }));
    if (media.length > 0) await trx.insertInto('story_pin_media').values(media).execute();
  });
}
