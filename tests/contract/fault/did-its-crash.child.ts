import sharp from 'sharp';
import { makeUser } from '../../support/factories.ts';
import type { Actor } from '../../../src/server/access/actor.ts';
import { createBoard } from '../../../src/server/boards/boards.service.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { ingestImage } from '../../../src/server/media/media.service.ts';
import { createPin } from '../../../src/server/pins/pins.service.ts';
import { createServer } from '../../../src/server/server.ts';
import { likeDidIt } from '../../../src/server/tried/did-it-marks.service.ts';
import { createDidIt, editDidIt, removeDidIt } from '../../../src/server/tried/did-its.service.ts';

/**
 * The process the tried-its fault test kills (did-its-crash.test.ts): members mark pins tried with
 * photos, like them, take photos off and delete some, four at a time, printing each change as it
 * is acknowledged, until the test kills it with SIGKILL mid-change.
 */
const server = await createServer(loadConfig({ ...process.env, DEMO: 'off', LOG_LEVEL: 'error' }));
const { deps } = server;

async function member(name: string): Promise<Actor> {
  return (await makeUser(deps, name)).actor;
}

const png = (colour: string) =>
  sharp({ create: { width: 24, height: 24, channels: 3, background: colour } })
    .png()
    .toBuffer();
const owner = await member('owner');
const board = await createBoard(deps, owner, { name: 'Weeknight dinners' });
const pinMedia = await ingestImage(deps, owner, await png('#884422'), { inline: true });
const pins: string[] = [];
for (let i = 0; i < 60; i += 1)
  pins.push((await createPin(deps, owner, { board_id: board.id, section_id: null, media_id: pinMedia.id, title: `Dinner ${i}` })).pin.id);
const cooks = await Promise.all(Array.from({ length: 4 }, (_, i) => member(`cook${i}`)));
const photos = await Promise.all(cooks.map(async (cook, i) => (await ingestImage(deps, cook, await png(`#22${i}4aa`), { inline: true })).id));
const fan = await member('fan');
process.stdout.write('ready\n');

const say = (line: string) => process.stdout.write(`${line}\n`);

/** One cook's run over the pins: each change is printed only once it is acknowledged (committed). */
async function run(index: number): Promise<void> {
  const cook = cooks[index];
  const photo = photos[index];
  if (!cook || !photo) return;
  for (let i = index; i < pins.length; i += cooks.length) {
    const pinId = pins[i] ?? '';
    const made = await createDidIt(deps, cook, { pin_id: pinId, media_id: photo, details: `Made it ${i}` });
    say(`created ${made.id} ${pinId} photo`);
    await likeDidIt(deps, fan, made.id);
    say(`liked ${made.id}`);
    if (i % 3 === 0) {
      await editDidIt(deps, cook, { id: made.id, media_id: null });
      say(`unphotographed ${made.id}`);
    }
    if (i % 4 === 1) {
      // Said before: the kill may fall between the delete's commit and its acknowledgement.
      say(`deleting ${made.id}`);
      await removeDidIt(deps, cook, made.id);
      say(`deleted ${made.id}`);
    }
  }
}

await Promise.all(cooks.map((_, i) => run(i)));
say('done');
