import sharp from 'sharp';
import { makeUser } from '../../support/factories.ts';
import { requestAccountDeletion } from '../../../src/server/auth/account-deletion.service.ts';
import { hashPassword } from '../../../src/server/auth/password-hash.ts';
import { createBoard } from '../../../src/server/boards/boards.service.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { ingestImage } from '../../../src/server/media/media.service.ts';
import { createPin } from '../../../src/server/pins/pins.service.ts';
import { createServer } from '../../../src/server/server.ts';
import { DELETION_GRACE_MS, purgeAccount } from '../../../src/server/users/account-deletion.job.ts';
import { buildExport } from '../../../src/server/users/account-export.job.ts';
import { requestExport } from '../../../src/server/users/account-export.service.ts';

/**
 * The process the account-jobs fault test kills (account-jobs-crash.test.ts). It makes a member
 * with two pictures on a board, then runs one job and SIGKILLs itself in the middle of it:
 * MODE=purge after the purge deleted the first media folder (rows all still there), MODE=export
 * while the ZIP is being written (the blob store asked for the first original). It prints what the
 * test needs to run the job again.
 */
const server = await createServer(loadConfig({ ...process.env, DEMO: 'off', LOG_LEVEL: 'error' }));
const { deps } = server;
const { id: userId, actor } = await makeUser(deps, 'Leaving', { password_hash: await hashPassword('correct horse battery') });
const board = await createBoard(deps, actor, { name: 'Field notes' });
const mediaIds: string[] = [];
for (const background of ['#1abc9c', '#8e44ad']) {
  const png = await sharp({ create: { width: 48, height: 64, channels: 3, background } })
    .png()
    .toBuffer();
  const media = await ingestImage(deps, actor, png, { inline: true });
  mediaIds.push(media.id);
  await createPin(deps, actor, { board_id: board.id, section_id: null, media_id: media.id, title: `Note ${background}` });
}
const blobs = deps.ports.blobs;
const die = () => process.kill(process.pid, 'SIGKILL');

if (process.env['MODE'] === 'purge') {
  // Asked a grace period ago, so the purge is due now.
  const asked = Date.now() - DELETION_GRACE_MS - 1000;
  await requestAccountDeletion(deps, actor, { password: 'correct horse battery' }, asked);
  process.stdout.write(`${JSON.stringify({ userId, mediaIds })}\n`);
  const deletePrefix = blobs.deletePrefix.bind(blobs);
  blobs.deletePrefix = async (prefix) => {
    await deletePrefix(prefix);
    die();
  };
  await purgeAccount(deps, userId);
} else {
  const requested = await requestExport(deps, actor);
  const job = await deps.db.selectFrom('jobs').select('payload').where('type', '=', 'users.account_export').executeTakeFirstOrThrow();
  const { token } = JSON.parse(job.payload) as { token: string };
  process.stdout.write(`${JSON.stringify({ userId, mediaIds, exportId: requested.id, token })}\n`);
  const get = blobs.get.bind(blobs);
  blobs.get = async (key) => {
    const found = await get(key);
    if (key.startsWith('img/')) die();
    return found;
  };
  await buildExport(deps, requested.id, token);
}
throw new Error('the job finished before it was killed');
