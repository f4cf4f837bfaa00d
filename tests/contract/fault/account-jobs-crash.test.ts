import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { jobHandlers } from '../../../src/server/jobs/handlers.ts';
import { createServer, type Server } from '../../../src/server/server.ts';
import { purgeAccount } from '../../../src/server/users/account-deletion.job.ts';
import { buildExport } from '../../../src/server/users/account-export.job.ts';
import { waitForOutboxMail } from '../../support/app.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases.ts';
import { runUntilKilled } from '../../support/crash-child.ts';
import { zipEntries } from '../../support/zip.ts';

const CHILD = path.resolve(import.meta.dirname, 'account-jobs-crash.child.ts');

type Made = { userId: string; mediaIds: string[]; exportId?: string; token?: string };

/**
 * kill -9 in the middle of the account jobs (docs/decisions/0040-account-security.md): the purge
 * after its first files went, the export while its ZIP was being written. Run again, as the queue
 * retries them, each finishes: every row and file of the member gone; a whole ZIP stored and its
 * link mailed.
 */
describe.each(databaseKinds)('account jobs across kill -9 on %s', (kind) => {
  let database: TestDatabase;
  let server: Server | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
    await database.drop();
  });

  async function restart(): Promise<Server> {
    const env = { DATA_DIR: database.dataDir, ...(database.database.kind === 'postgres' ? { DATABASE_URL: database.database.url } : {}) };
    server = await createServer(loadConfig({ ...env, DEMO: 'off', LOG_LEVEL: 'error' }));
    return server;
  }
  const envOf = (db: TestDatabase) => ({ DATA_DIR: db.dataDir, ...(db.database.kind === 'postgres' ? { DATABASE_URL: db.database.url } : {}) });

  it('a purge killed after its first files is finished by the rerun', async () => {
    database = await createTestDatabase(kind);
    const made = await runUntilKilled<Made>(CHILD, { ...envOf(database), MODE: 'purge' });
    const { deps } = await restart();
    // Killed half-way: the account and its rows are all still there.
    expect(await deps.db.selectFrom('users').select('id').where('id', '=', made.userId).executeTakeFirst()).toBeDefined();
    const media = await deps.db.selectFrom('media').select('images').where('owner_id', '=', made.userId).execute();
    expect(media).toHaveLength(2);
    const keys = media.flatMap((m) => Object.values(JSON.parse(m.images ?? '{}') as Record<string, { key: string }>).map((image) => image.key));
    // The first folder went before the kill, the second is still whole.
    expect((await Promise.all(keys.map((key) => deps.ports.blobs.head(key)))).some((info) => info !== null)).toBe(true);

    expect(await purgeAccount(deps, made.userId)).toBe(true);
    expect(await deps.db.selectFrom('users').select('id').where('id', '=', made.userId).executeTakeFirst()).toBeUndefined();
    expect(await deps.db.selectFrom('media').select('id').where('owner_id', '=', made.userId).execute()).toEqual([]);
    expect(await deps.db.selectFrom('pins').select('id').where('creator_id', '=', made.userId).execute()).toEqual([]);
    for (const key of keys) expect(await deps.ports.blobs.head(key)).toBeNull();
    const deleted = await deps.db.selectFrom('domain_events').select('payload').where('type', '=', 'account.deleted').execute();
    expect(deleted.map((e) => (JSON.parse(e.payload) as { userId: string }).userId)).toEqual([made.userId]);
    const left = await deps.db.selectFrom('account_deletions').select('purged_at').where('user_id', '=', made.userId).executeTakeFirstOrThrow();
    expect(left.purged_at).not.toBeNull();
  });

  it('an export killed while writing its ZIP is finished by the rerun, whole, and its link mailed', async () => {
    database = await createTestDatabase(kind);
    const made = await runUntilKilled<Made>(CHILD, { ...envOf(database), MODE: 'export' });
    const { deps } = await restart();
    const exportId = made.exportId ?? '';
    expect((await deps.db.selectFrom('account_exports').select('status').where('id', '=', exportId).executeTakeFirstOrThrow()).status).toBe('pending');

    await buildExport(deps, exportId, made.token ?? '');
    const row = await deps.db.selectFrom('account_exports').selectAll().where('id', '=', exportId).executeTakeFirstOrThrow();
    expect(row.status).toBe('ready');
    const stored = await deps.ports.blobs.get(row.blob_key ?? '');
    if (!stored) throw new Error('no export file');
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    const files = zipEntries(Buffer.concat(chunks));
    expect([...files.keys()].filter((name) => name.startsWith('media/'))).toHaveLength(2);
    expect(JSON.parse(files.get('pins.json')?.toString() ?? '[]')).toHaveLength(2);

    const worker = deps.ports.queue.start({ handlers: jobHandlers(deps), pollIntervalMs: 20 });
    try {
      const user = await deps.db.selectFrom('users').select('email').where('id', '=', made.userId).executeTakeFirstOrThrow();
      const mails = await waitForOutboxMail(deps.config, user.email, 1);
      expect(mails.at(-1)?.text).toContain(`/download-data/file/?id=${exportId}&token=`);
    } finally {
      await worker.stop();
    }
  });
});
