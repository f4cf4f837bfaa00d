import { createStoryPin } from '../pins/story.service.ts';
import { ingestImage } from '../media/media.service.ts';
import { canvasOf, paintPicture } from './painters/paint.ts';
import type { PlannedStory } from './plan-stories.ts';
import { itemAt } from './random.ts';
import { actorOf, checkpoint, type World } from './world.ts';
import { StoryPinFields } from '../../shared/contracts/pins.ts';

/** Each page's picture painted 9:16 and uploaded by the story's teller, put first on its page. */
async function withPictures(world: World, planned: PlannedStory): Promise<PlannedStory['story']> {
  const actor = actorOf(world, planned.creator);
  const pages = [];
  for (const [p, page] of planned.story.pages.entries()) {
    const seed = planned.pictures[p] ?? null;
    if (seed === null) {
      pages.push(page);
      continue;
    }
    checkpoint(world);
    const media = await ingestImage(world.deps, actor, await paintPicture(planned.subject, seed, canvasOf('9:16')), { inline: true });
    pages.push({ ...page, blocks: [{ type: 'image' as const, media_id: media.id }, ...page.blocks] });
  }
  return { ...planned.story, pages };
}

/** The planned story pins, through the pin builder's own create (the first page's picture is the cover). */
export async function createStories(world: World): Promise<number> {
  for (const planned of world.plan.stories) {
    const story = await withPictures(world, planned);
    checkpoint(world);
    const fields = StoryPinFields.parse({
      board_id: itemAt(world.boards, planned.board),
      title: planned.title,
      description: planned.description,
      story_pin_data: story,
    });
    await createStoryPin(world.deps, actorOf(world, planned.creator), fields);
  }
  return world.plan.stories.length;
}
