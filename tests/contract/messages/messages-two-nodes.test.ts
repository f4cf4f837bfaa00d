import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationJson, MessageJson } from '../../../src/shared/contracts/messages.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases.ts';
import { createHttpClient, type HttpClient } from '../../support/http-client.ts';
import { openLiveStream } from '../../support/live-stream.ts';
import { startNode, type NodeProcess } from '../../support/processes.ts';
import { TEST_REDIS_URL, redisAvailable } from '../../support/redis.ts';

const scaleServices = databaseKinds.includes('postgres') && redisAvailable;

/** Live delivery across nodes (docs/decisions/0049): A writes on node 1, B reads live on node 2, and back. */
describe.skipIf(!scaleServices)('live messages across two nodes on PostgreSQL and Redis', () => {
  let database: TestDatabase;
  const nodes: NodeProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    if (database.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const env = {
      DATABASE_URL: database.database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: `test-${crypto.randomBytes(4).toString('hex')}:`,
      LOG_LEVEL: 'warn',
      DEMO: 'off',
    };
    for (const name of ['a', 'b']) nodes.push(await startNode({ ...env, DATA_DIR: path.join(database.dataDir, name) }));
  });

  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
    await database.drop();
  });

  async function member(node: NodeProcess, email: string): Promise<{ client: HttpClient; id: string }> {
    const client = createHttpClient(node.url);
    await client.signUp(email);
    const me = (await (await client.get('/v3/users/me/')).json()) as { data: { id: string } };
    return { client, id: me.data.id };
  }

  it('a message sent on node 1 arrives on the open stream on node 2, and the reply comes back live', async () => {
    const [one, two] = nodes as [NodeProcess, NodeProcess];
    const ana = await member(one, 'ana-live@example.com');
    const ben = await member(two, 'ben-live@example.com');
    for (const [who, whom] of [
      [ana, ben],
      [ben, ana],
    ] as const) {
      expect((await who.client.resource('UserFollowResource', 'create', { user_id: whom.id })).status).toBe(200);
    }
    const benStream = await openLiveStream(two.url, ben.client.jar);
    const anaStream = await openLiveStream(one.url, ana.client.jar);
    await benStream.waitFor((e) => e.some((x) => x.event === 'snapshot'));
    await anaStream.waitFor((e) => e.some((x) => x.event === 'snapshot'));

    const started = await ana.client.resource('ConversationsResource', 'create', { user_ids: [ben.id], text: 'from node one', client_id: crypto.randomUUID() });
    expect(started.status).toBe(200);
    const conversation = ((await started.json()) as { resource_response: { data: ConversationJson } }).resource_response.data;
    const heard = await benStream.waitFor((e) => e.some((x) => x.event === 'message.created'));
    const received = JSON.parse(heard.find((x) => x.event === 'message.created')?.data ?? '{}') as { message: MessageJson; conversations_unseen_count: number };
    expect(received.message.text).toBe('from node one');
    expect(received.conversations_unseen_count).toBe(1);

    const reply = await ben.client.resource('ConversationMessagesResource', 'create', {
      conversation_id: conversation.id,
      text: 'from node two',
      client_id: crypto.randomUUID(),
    });
    expect(reply.status).toBe(200);
    const back = await anaStream.waitFor((e) => e.some((x) => x.data.includes('from node two')));
    expect(back.filter((x) => x.event === 'message.created').map((x) => (JSON.parse(x.data) as { message: MessageJson }).message.text)).toEqual([
      'from node one',
      'from node two',
    ]);
    benStream.close();
    anaStream.close();
  });
});
