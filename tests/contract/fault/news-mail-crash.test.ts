import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { mailDueNews } from '../../../src/server/notifications/mail.job.ts';
import { createServer, type Server } from '../../../src/server/server.ts';
import { readOutbox } from '../../support/app.ts';
import { runUntilKilled } from '../../support/crash-child.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases.ts';

/**
 * kill -9 while news digests go out (docs/decisions/0053-push-and-email.md): the fifth mail was
 * written by the outbox but its digest not yet marked sent. Run again, the job sends the rest, and
 * every member has exactly one mail: none lost, none twice.
 */
describe.each(databaseKinds)('news digests across kill -9 on %s', (kind) => {
  let database: TestDatabase;
  let server: Server | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
    await database.drop();
  });

  it('mails each member once after the job runs again', async () => {
    database = await createTestDatabase(kind);
    const env = { DATA_DIR: database.dataDir, ...(database.database.kind === 'postgres' ? { DATABASE_URL: database.database.url } : {}) };
    const { members } = await runUntilKilled<{ members: string[] }>(path.resolve(import.meta.dirname, 'news-mail-crash.child.ts'), env);

    const config = loadConfig({ ...env, DEMO: 'off', LOG_LEVEL: 'error', NEWS_MAIL_DELAY_MINUTES: '0' });
    expect(readOutbox(config)).toHaveLength(5);
    server = await createServer(config);
    const { db } = server.deps;
    const unsent = await db.selectFrom('notification_digests').select('id').where('sent_at', 'is', null).execute();
    // The fifth digest's mail is in the outbox, its mark is not: the crash fell between the two.
    expect(unsent).toHaveLength(26);

    await mailDueNews(server.deps, Date.now() + 1000);
    const mails = readOutbox(config);
    expect(mails.map((m) => m.to).sort()).toEqual([...members].sort());
    expect(await db.selectFrom('notification_digests').select('id').where('sent_at', 'is', null).execute()).toEqual([]);
    expect(await db.selectFrom('notification_deliveries').select('id').where('channel', '=', 'email').execute()).toEqual([]);
  });
});
