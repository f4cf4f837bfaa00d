import crypto from 'node:crypto';
import { makeUser } from '../../support/factories.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { startConversation } from '../../../src/server/messages/conversation-start.service.ts';
import { sendMessage } from '../../../src/server/messages/message-send.service.ts';
import { createServer } from '../../../src/server/server.ts';
import { followUser } from '../../../src/server/social/follows.service.ts';

/**
 * The process the messages fault test kills (messages-crash.test.ts): four senders write to one
 * member at once, each send printed before it starts (`sending`) and once acknowledged (`sent`),
 * until the test kills it with SIGKILL in the middle of the burst.
 */
const server = await createServer(loadConfig({ ...process.env, DEMO: 'off', LOG_LEVEL: 'error' }));
const { deps } = server;
const say = (line: string) => process.stdout.write(`${line}\n`);

const reader = await makeUser(deps, 'reader');
const senders = await Promise.all(Array.from({ length: 4 }, (_, i) => makeUser(deps, `sender${i}`)));
const conversations: string[] = [];
for (const sender of senders) {
  await followUser(deps, reader.actor, sender.id);
  const conversation = await startConversation(deps, sender.actor, { user_ids: [reader.id], emails: [], text: 'hello', client_id: crypto.randomUUID() });
  conversations.push(conversation.id);
}
say(`ready ${reader.id} ${senders.map((s) => s.id).join(',')} ${conversations.join(',')}`);

async function burst(index: number): Promise<void> {
  const sender = senders[index];
  const conversationId = conversations[index];
  if (!sender || !conversationId) return;
  for (let i = 0; ; i += 1) {
    const clientId = `m${index}-${i}-${crypto.randomBytes(4).toString('hex')}`;
    say(`sending ${index} ${clientId}`);
    const message = await sendMessage(deps, sender.actor, conversationId, { text: `message ${i}`, client_id: clientId });
    say(`sent ${index} ${clientId} ${message.id}`);
  }
}

await Promise.all(senders.map((_, i) => burst(i)));
