import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { sendMessage } from '../../../src/server/messages/message-send.service.ts';
import { createServer, type Server } from '../../../src/server/server.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases.ts';
import { killAfterAcknowledged } from '../../support/crash-child.ts';
import { memberActor } from '../../support/factories.ts';

const CHILD = path.resolve(import.meta.dirname, 'messages-crash.child.ts');

/**
 * kill -9 during a burst of sends (docs/decisions/0049): after a restart every acknowledged message
 * is there exactly once, with exactly one entry in the reader's live log, numbered without a gap;
 * a retry of every send (acknowledged or cut off) answers the first message and adds none.
 */
describe.each(databaseKinds)('messages across kill -9 on %s', (kind) => {
  let database: TestDatabase;
  let server: Server | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
    await database.drop();
  });

  it('keeps every acknowledged message exactly once, and a retry never duplicates one', async () => {
    database = await createTestDatabase(kind);
    const env = { DATA_DIR: database.dataDir, ...(database.database.kind === 'postgres' ? { DATABASE_URL: database.database.url } : {}) };
    const lines = await killAfterAcknowledged(CHILD, env, /^sent /, 60);
    const [, readerId = '', senderList = '', conversationList = ''] = lines.find((l) => l.startsWith('ready '))?.split(' ') ?? [];
    const senders = senderList.split(',');
    const conversations = conversationList.split(',');

    server = await createServer(loadConfig({ ...env, DEMO: 'off', LOG_LEVEL: 'error' }));
    const { db } = server.deps;
    const stored = await db.selectFrom('messages').select(['id', 'client_id']).execute();
    const byClient = new Map(stored.map((m) => [m.client_id, m.id]));
    const sent = lines.filter((l) => l.startsWith('sent ')).map((l) => l.split(' '));
    expect(sent.length).toBeGreaterThanOrEqual(60);
    const wrong = sent.filter(([, , clientId, id]) => byClient.get(clientId ?? '') !== id);
    expect(wrong).toEqual([]);
    expect(new Set(stored.map((m) => m.client_id)).size).toBe(stored.length);

    // The reader's log holds one entry per message they received, numbered 1, 2, 3, ... without a gap.
    const log = await db.selectFrom('member_log').select(['seq', 'kind', 'payload']).where('member_id', '=', readerId).orderBy('seq').execute();
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
    const logged = log.filter((e) => e.kind === 'message.created').map((e) => (JSON.parse(e.payload) as { message: { id: string } }).message.id);
    expect(new Set(logged).size).toBe(logged.length);
    expect(new Set(logged)).toEqual(new Set(stored.map((m) => m.id)));

    // Every send retried, the one the kill cut off included: the same message, and nothing new.
    for (const [, index = '0', clientId = ''] of lines.filter((l) => l.startsWith('sending ')).map((l) => l.split(' '))) {
      const sender = senders[Number(index)] ?? '';
      const again = await sendMessage(server.deps, memberActor(sender), conversations[Number(index)] ?? '', { text: 'retry', client_id: clientId });
      const first = byClient.get(clientId);
      if (first !== undefined) expect(again.id).toBe(first);
    }
    const after = await db.selectFrom('messages').select('client_id').execute();
    expect(new Set(after.map((m) => m.client_id)).size).toBe(after.length);
  });
});
