import type { Actor } from '../access/actor.ts';
import { writerOf, type Writer } from '../access/authorized.ts';
import { newId } from '../db/ids.ts';
import type { BoardPin, Pin } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { StoryPinFields } from '../../shared/contracts/pins.ts';
import { defaultCover, isMediaBlock, storyMediaIds, type StoryPinInput } from '../../shared/story-pin.ts';
import { resolvePinMedia } from './pin-media.ts';
import { createPinAs } from './pins.service.ts';
import { insertStoryPin } from './story.repo.ts';

/**
 * Every media of the pages is the writer's own upload that did not fail (pin-media.ts's rule for a
 * pin's picture), and an image block shows a picture, a video block a video.
 */
async function requireStoryMedia(deps: Deps, writer: Writer, story: StoryPinInput): Promise<void> {
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
 * PinResource create of a story pin: the pin's fields, its pages, and `media_id` as the cover (the
 * first page's picture or video when left out). Checked whole before anything is written, then
 * made by the one pin create (its board, save, counts and pin.created event) with the pages and
 * their media in the same transaction, so a failure leaves no pin without pages and no pages
 * without a pin.
 */
export async function createStoryPin(deps: Deps, actor: Actor, fields: StoryPinFields): Promise<{ pin: Pin; save: BoardPin }> {
  const writer = writerOf(actor, 'pins:write');
  const { story_pin_data: story, ...pinFields } = fields;
  const cover = pinFields.media_id ?? defaultCover(story);
  if (cover === null) throw new AppError('bad_request', 'media_id: A story pin needs a cover: add a picture or video to a page.');
  await requireStoryMedia(deps, writer, story);
  return createPinAs(deps, writer, { ...pinFields, media_id: cover }, async (trx, pin) => {
    const row = { id: newId(), pin_id: pin.id, pages: JSON.stringify(story.pages), metadata: JSON.stringify(story.metadata), created_at: pin.created_at };
    await insertStoryPin(trx, row, storyMediaIds(story));
  });
}
