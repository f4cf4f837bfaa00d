import { loadConfig } from '../../../src/server/config.ts';
import { mailDueNews } from '../../../src/server/notifications/mail.job.ts';
import { createServer } from '../../../src/server/server.ts';
import { followUser } from '../../../src/server/social/follows.service.ts';
import { makeUser } from '../../support/factories.ts';

/**
 * The process the news mail fault test kills (news-mail-crash.test.ts): 30 members each get a
 * follower; the digest job writes their 30 digests, and the process kills itself with SIGKILL the
 * moment the mailer has written the fifth mail, before that digest is marked sent.
 */
const server = await createServer(loadConfig({ ...process.env, DEMO: 'off', LOG_LEVEL: 'error', NEWS_MAIL_DELAY_MINUTES: '0' }));
const { deps } = server;
const members: string[] = [];
for (let i = 0; i < 30; i += 1) {
  const member = await makeUser(deps, `mailed${i}`);
  await followUser(deps, (await makeUser(deps, `fan${i}`)).actor, member.id);
  members.push(`${member.username}@example.com`);
}
await deps.events.settled();
process.stdout.write(`${JSON.stringify({ members })}\n`);

const mailer = deps.ports.mail;
const send = mailer.send.bind(mailer);
let sent = 0;
mailer.send = async (mail) => {
  await send(mail);
  sent += 1;
  if (sent === 5) process.kill(process.pid, 'SIGKILL');
};
await mailDueNews(deps, Date.now() + 1000);
// Fewer than five mails: still end by the kill the test waits for.
process.kill(process.pid, 'SIGKILL');
