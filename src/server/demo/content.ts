import fsp from 'node:fs/promises';
import path from 'node:path';
import { BoardFields } from '../../shared/contracts/boards.ts';
import { createBoard } from '../boards/boards.service.ts';
import { acceptInvite, inviteCollaborator } from '../boards/collaborators.service.ts';
import { addSection } from '../boards/sections.service.ts';
import { AppError } from '../errors.ts';
import { ToolError } from '../media/ffmpeg.ts';
import { acceptMedia, ingestImage } from '../media/media.service.ts';
import { scratchDir } from '../media/scratch.ts';
import { createPin, type PinExtras } from '../pins/pins.service.ts';
import { pageMetadataOf } from './pages.ts';
import { canvasOf, paintPicture } from './painters/paint.ts';
import type { PlannedPin } from './plan.ts';
import { itemAt } from './random.ts';
import { makeDemoVideo } from './video.ts';
import { actorOf, checkpoint, inOrder, type World } from './world.ts';
import { PinFields } from '../../shared/contracts/pins.ts';
import { recordPinSource } from '../scrape/page-source.ts';

/** Boards with their sections, and the invitations to collaborate (accepted or left waiting). */
export async function createBoards(world: World): Promise<void> {
  for (const planned of world.plan.boards) {
    checkpoint(world);
    const owner = actorOf(world, planned.owner);
    const board = await createBoard(world.deps, owner, BoardFields.parse({ name: planned.name, description: planned.description, privacy: planned.privacy }));
    world.boards.push(board.id);
    const sections: string[] = [];
    for (const title of planned.sections) sections.push((await addSection(world.deps, owner, board.id, title)).id);
    world.sections.push(sections);
    for (const collaborator of planned.collaborators) {
      await inviteCollaborator(world.deps, owner, board.id, itemAt(world.members, collaborator.member));
      if (collaborator.accepts) await acceptInvite(world.deps, actorOf(world, collaborator.member), board.id);
    }
  }
}

/**
 * Pictures painted and processed side by side: the JavaScript parts of one (SVG text, the pixel
 * hash, SQL) overlap the other's libvips work. On a busy two-core machine more than two measured
 * no faster.
 */
const MEDIA_AHEAD = 2;

export type PinProgress = (made: number, total: number) => void;

/**
 * Pins in plan order, each with its picture or clip uploaded by its creator through the media
 * pipeline (processed in the call: the pin is ready when it appears). Media for the next pins is
 * made while the current pin is saved.
 */
export async function createPins(world: World, progress: PinProgress): Promise<{ videos: number }> {
  const pins = world.plan.pins;
  let videos = 0;
  for await (const media of inOrder(pins, MEDIA_AHEAD, (pin) => uploadMedia(world, pin))) {
    checkpoint(world);
    const index = world.pins.length;
    const pin = itemAt(pins, index);
    const sectionIds = itemAt(world.sections, pin.board);
    const fields = PinFields.parse({
      board_id: itemAt(world.boards, pin.board),
      section_id: pin.section === null ? null : itemAt(sectionIds, pin.section),
      media_id: media.id,
      title: pin.title,
      description: pin.description,
      alt_text: pin.altText,
      link: pin.link ?? undefined,
    });
    const { pin: made } = await createPin(world.deps, actorOf(world, pin.creator), fields, sourcePageOf(pin));
    world.pins.push(made.id);
    if (media.kind === 'video') videos += 1;
    progress(world.pins.length, pins.length);
  }
  return { videos };
}

/** A pin whose link is a shop's or a blog's page keeps what that page declares, as a pin made from it would. */
function sourcePageOf(pin: PlannedPin): PinExtras | undefined {
  const { page, link } = pin;
  if (!page || !link) return undefined;
  return (trx, made) => recordPinSource(trx, made.id, pageMetadataOf(page, pin, link), link, `${link}.jpg`);
}

type Uploaded = { id: string; kind: 'image' | 'video' };

async function uploadMedia(world: World, pin: PlannedPin): Promise<Uploaded> {
  checkpoint(world);
  const actor = actorOf(world, pin.creator);
  if (pin.kind === 'video') {
    const video = await uploadVideo(world, pin);
    if (video) return video;
  }
  const picture = await paintPicture(pin.subject, pin.picture, canvasOf(pin.aspect));
  const media = await ingestImage(world.deps, actor, picture, { inline: true });
  return { id: media.id, kind: 'image' };
}

/** A clip through the upload path's video pipeline; without ffmpeg the pin gets its picture instead. */
async function uploadVideo(world: World, pin: PlannedPin): Promise<Uploaded | null> {
  const workDir = await fsp.mkdtemp(path.join(await scratchDir(world.deps, 'work'), 'demo-'));
  try {
    const clip = await makeDemoVideo(pin.subject, pin.picture, pin.aspect, workDir);
    const media = await acceptMedia(world.deps, actorOf(world, pin.creator), clip, { only: 'video', inline: true });
    return { id: media.id, kind: 'video' };
  } catch (error) {
    const missing = (error instanceof ToolError && error.failure === 'missing') || (error instanceof AppError && error.errorName === 'unavailable');
    if (!missing) throw error;
    world.deps.log.warn({ reason: error.message }, 'Demo world: ffmpeg is not available, a video pin gets a picture instead');
    return null;
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}
