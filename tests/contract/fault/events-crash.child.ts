import sharp from 'sharp';
import { makeUser } from '../../support/factories.ts';
import { createBoard } from '../../../src/server/boards/boards.service.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { ingestImage } from '../../../src/server/media/media.service.ts';
import { createPin } from '../../../src/server/pins/pins.service.ts';
import { savePin, unsavePin } from '../../../src/server/pins/saves.service.ts';
import { createServer } from '../../../src/server/server.ts';

/**
 * The process the events fault test kills (events-crash.test.ts): it makes a member, two public
 * boards and a pin, waits until every subscriber has applied all that, then saves the pin to the
 * second board, unsaves a third save with its bus stopped, prints what it made, and kills itself
 * with SIGKILL right after those commits, so no subscriber has applied their events.
 */
const server = await createServer(loadConfig({ ...process.env, DEMO: 'off', LOG_LEVEL: 'error' }));
const { deps } = server;
const { actor } = await makeUser(deps, 'Crash');
const png = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#2e86c1' } })
  .png()
  .toBuffer();
const media = await ingestImage(deps, actor, png, { inline: true });
const lakeside = await createBoard(deps, actor, { name: 'Lakeside cabins' });
const alpine = await createBoard(deps, actor, { name: 'Alpine huts' });
const moorland = await createBoard(deps, actor, { name: 'Moorland bothies' });
const { pin } = await createPin(deps, actor, { board_id: lakeside.id, section_id: null, media_id: media.id, title: 'Timber sauna' });
const third = await savePin(deps, actor, { pinId: pin.id, boardId: moorland.id });
await deps.events.settled();
await deps.replicas.recommender?.settled();
// From here on no subscriber runs on this node, as when it dies between a commit and the next
// turn of the bus: the saves below commit their events and nothing else learns of them.
await deps.events.close();

const saved = await savePin(deps, actor, { pinId: pin.id, boardId: alpine.id });
await unsavePin(deps, actor, third.id);
process.stdout.write(`${JSON.stringify({ pinId: pin.id, saveId: saved.id, boards: { lakeside: lakeside.id, alpine: alpine.id, moorland: moorland.id } })}\n`);
process.kill(process.pid, 'SIGKILL');
