import { createComment } from '../comments/comments.service.ts';
import { ingestImage } from '../media/media.service.ts';
import { createDidIt } from '../tried/did-its.service.ts';
import { canvasOf, paintPicture } from './painters/paint.ts';
import { itemAt } from './random.ts';
import { actorOf, checkpoint, type World } from './world.ts';

/** The planned comments and replies, through the comment service (access, counts and rate limits apply). */
export async function createComments(world: World): Promise<void> {
  const made: string[] = [];
  for (const planned of world.plan.comments) {
    checkpoint(world);
    const parentId = planned.replyTo === null ? undefined : itemAt(made, planned.replyTo);
    const comment = await createComment(world.deps, actorOf(world, planned.member), {
      pin_id: itemAt(world.pins, planned.pin),
      text: planned.text,
      parent_id: parentId,
    });
    made.push(comment.id);
  }
}

/** The planned tried-its, each photo painted of the pin's subject and uploaded by the member who tried it. */
export async function createTriedIts(world: World): Promise<void> {
  for (const planned of world.plan.triedIts) {
    checkpoint(world);
    const actor = actorOf(world, planned.member);
    const pin = itemAt(world.plan.pins, planned.pin);
    const photo =
      planned.picture === null
        ? undefined
        : await ingestImage(world.deps, actor, await paintPicture(pin.subject, planned.picture, canvasOf('3:4')), { inline: true });
    await createDidIt(world.deps, actor, { pin_id: itemAt(world.pins, planned.pin), details: planned.details, ...(photo ? { media_id: photo.id } : {}) });
  }
}
