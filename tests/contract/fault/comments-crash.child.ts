import sharp from 'sharp';
import { makeUser } from '../../support/factories.ts';
import type { Actor } from '../../../src/server/access/actor.ts';
import { createBoard } from '../../../src/server/boards/boards.service.ts';
import { hidePinComments } from '../../../src/server/comments/comment-moderation.service.ts';
import { createComment, deleteComment } from '../../../src/server/comments/comments.service.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { ingestImage } from '../../../src/server/media/media.service.ts';
import { createPin } from '../../../src/server/pins/pins.service.ts';
import { createServer } from '../../../src/server/server.ts';
import { createDidIt } from '../../../src/server/tried/did-its.service.ts';

/**
 * The process the comments fault test kills (comments-crash.test.ts): members comment on pins and
 * on tried-its, reply, delete, and the pin's owner hides, four at a time, printing each change once
 * it is acknowledged, until the test kills it with SIGKILL mid-change.
 */
const server = await createServer(loadConfig({ ...process.env, DEMO: 'off', LOG_LEVEL: 'error' }));
const { deps } = server;

async function member(name: string): Promise<Actor> {
  return (await makeUser(deps, name)).actor;
}

const owner = await member('owner');
const board = await createBoard(deps, owner, { name: 'Bakes' });
const cook = await member('cook');
const picture = sharp({ create: { width: 24, height: 24, channels: 3, background: '#aa6633' } })
  .png()
  .toBuffer();
const mediaId = (await ingestImage(deps, owner, await picture, { inline: true })).id;
const targets: { pinId: string; didItId?: string }[] = [];
for (let i = 0; i < 12; i += 1) {
  const pinId = (await createPin(deps, owner, { board_id: board.id, section_id: null, media_id: mediaId, title: `Bake ${i}` })).pin.id;
  targets.push({ pinId });
  const made = await createDidIt(deps, cook, { pin_id: pinId, details: `Baked ${i}` });
  targets.push({ pinId, didItId: made.id });
}
const talkers = await Promise.all(Array.from({ length: 4 }, (_, i) => member(`talker${i}`)));
process.stdout.write('ready\n');

const say = (line: string) => process.stdout.write(`${line}\n`);

/** One member's run over the targets: each change is printed only once it is acknowledged (committed). */
async function run(index: number): Promise<void> {
  const talker = talkers[index];
  if (!talker) return;
  // Within the comment-writing limit (30 in 10 minutes): two writes a round.
  for (let round = 0; round < 14; round += 1) {
    const target = targets[(round * talkers.length + index) % targets.length];
    if (!target) continue;
    const where = { pin_id: target.pinId, ...(target.didItId ? { did_it_id: target.didItId } : {}) };
    const top = await createComment(deps, talker, { ...where, text: `Round ${round}` });
    say(`created ${top.id}`);
    const reply = await createComment(deps, talker, { ...where, text: `Reply ${round}`, parent_id: top.id });
    say(`created ${reply.id}`);
    if (round % 3 === 0) {
      // Said before: the kill may fall between a change's commit and its acknowledgement.
      say(`changing ${reply.id}`);
      await deleteComment(deps, talker, reply.id);
      say(`deleted ${reply.id}`);
    }
    if (round % 4 === 1) {
      say(`changing ${top.id}`);
      await hidePinComments(deps, owner, { pin_id: target.pinId, comment_id: top.id });
      say(`hidden ${top.id}`);
    }
  }
}

await Promise.all(talkers.map((_, i) => run(i)));
say('done');
