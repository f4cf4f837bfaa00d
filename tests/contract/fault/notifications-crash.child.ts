import { makeUser } from '../../support/factories.ts';
import { createBoard } from '../../../src/server/boards/boards.service.ts';
import { createComment } from '../../../src/server/comments/comments.service.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { ingestImage } from '../../../src/server/media/media.service.ts';
import { createPin } from '../../../src/server/pins/pins.service.ts';
import { createServer } from '../../../src/server/server.ts';
import { followUser } from '../../../src/server/social/follows.service.ts';
import sharp from 'sharp';

/**
 * The process the notifications fault test kills (notifications-crash.test.ts): members follow
 * one owner and comment on her pin, four at a time, while this node's cluster subscriber writes
 * their notifications, printing each change once acknowledged, until SIGKILL.
 */
const server = await createServer(loadConfig({ ...process.env, DEMO: 'off', LOG_LEVEL: 'error' }));
const { deps } = server;

const owner = await makeUser(deps, 'owner');
const board = await createBoard(deps, owner.actor, { name: 'Kitchen' });
const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#446688' } })
  .png()
  .toBuffer();
const media = await ingestImage(deps, owner.actor, png, { inline: true });
const { pin } = await createPin(deps, owner.actor, { board_id: board.id, section_id: null, media_id: media.id, title: 'Tiles' });
process.stdout.write(`ready ${owner.id} ${pin.id}\n`);

const say = (line: string) => process.stdout.write(`${line}\n`);

async function run(index: number): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const fan = await makeUser(deps, `fan${index}x${i}`);
    await followUser(deps, fan.actor, owner.id);
    say(`followed ${fan.id}`);
    const comment = await createComment(deps, fan.actor, { pin_id: pin.id, text: `Nice ${i}` });
    say(`commented ${comment.id}`);
  }
}

await Promise.all([0, 1, 2, 3].map(run));
say('done');
