import sharp from 'sharp';
import type { Deps } from '../../src/server/deps.ts';
import { ingestImage } from '../../src/server/media/media.service.ts';
import { createPin } from '../../src/server/pins/pins.service.ts';
import { ensureInterest } from '../../src/server/social/topics.ts';
import { catchUpSearch, settle } from './settle.ts';
import { makeBoard, makeUser } from './factories.ts';

let pictures = 0;

/** A picture of its own each time: the home feed keeps one pin per picture. */
async function distinctPicture(): Promise<Buffer> {
  pictures += 1;
  const colour = `#${((pictures * 2_654_435_761) % 0xffffff).toString(16).padStart(6, '0')}`;
  return sharp({ create: { width: 300, height: 300 + (pictures % 5) * 60, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** Topics of the instance, each with `perTopic` public pins titled after it ("<Topic> idea <n>"), searchable. */
export async function makeTopicWorld(deps: Deps, names: readonly string[], perTopic: number): Promise<Map<string, string>> {
  const maker = await makeUser(deps, 'maker');
  const board = await makeBoard(deps, maker, { name: 'Hobbies' });
  const ids = new Map<string, string>();
  for (const name of names) {
    ids.set(name, (await ensureInterest(deps.db, name, name.toLowerCase())).id);
    for (let i = 1; i <= perTopic; i += 1) {
      const media = await ingestImage(deps, maker.actor, await distinctPicture(), { inline: true });
      await createPin(deps, maker.actor, { board_id: board.id, section_id: null, media_id: media.id, title: `${name} idea ${i}` });
    }
  }
  await catchUpSearch(deps);
  await settle(deps);
  return ids;
}
