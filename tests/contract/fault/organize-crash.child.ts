import { makeUser } from '../../support/factories.ts';
import { createBoard } from '../../../src/server/boards/boards.service.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { ingestImage } from '../../../src/server/media/media.service.ts';
import { boardActionJob } from '../../../src/server/organize/organize.job.ts';
import { startOrganize } from '../../../src/server/organize/organize.service.ts';
import { createPin } from '../../../src/server/pins/pins.service.ts';
import { createServer } from '../../../src/server/server.ts';
import sharp from 'sharp';

/**
 * The process the organize fault test kills (organize-crash.test.ts): an owner moves 200 pins
 * from one board to another; once two steps committed, the process kills itself with SIGKILL
 * while the job runs on.
 */
const server = await createServer(loadConfig({ ...process.env, DEMO: 'off', LOG_LEVEL: 'error' }));
const { deps } = server;
const owner = await makeUser(deps, 'mover');
const from = await createBoard(deps, owner.actor, { name: 'Everything' });
const to = await createBoard(deps, owner.actor, { name: 'Kitchen' });
const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#336699' } })
  .png()
  .toBuffer();
const media = await ingestImage(deps, owner.actor, png, { inline: true });
const pinIds: string[] = [];
for (let i = 0; i < 200; i += 1)
  pinIds.push((await createPin(deps, owner.actor, { board_id: from.id, section_id: null, media_id: media.id, title: `Idea ${i}` })).pin.id);
const action = await startOrganize(deps, owner.actor, { kind: 'move', board_id: from.id, pin_ids: pinIds, target_board_id: to.id });
process.stdout.write(`${JSON.stringify({ from: from.id, to: to.id, pinIds, actionId: action.id })}\n`);

// The kill falls wherever the job is: between steps, or inside a step's transaction.
const watch = setInterval(() => {
  void deps.db
    .selectFrom('board_actions')
    .select('done_count')
    .where('id', '=', action.id)
    .executeTakeFirst()
    .then((row) => {
      if ((row?.done_count ?? 0) >= 40) process.kill(process.pid, 'SIGKILL');
    });
}, 1);
await boardActionJob(deps)({ actionId: action.id }, { id: 'crash', attempt: 1 });
clearInterval(watch);
// Finished before the watch saw it: still end by the kill the test waits for.
process.kill(process.pid, 'SIGKILL');
