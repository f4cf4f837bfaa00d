import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { createServer, type Server } from '../../../src/server/server.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases.ts';
import { killAfterAcknowledged } from '../../support/crash-child.ts';
import { counterDrift } from '../../support/factories.ts';

const CHILD = path.resolve(import.meta.dirname, 'did-its-crash.child.ts');

/**
 * kill -9 while members mark pins tried, like them, take photos off and delete them: after a
 * restart every acknowledged change is there, and every count (a pin's tried-its and photos, a
 * tried-it's likes) equals a recount of its rows: a change and its counts commit together or not at all.
 */
describe.each(databaseKinds)('tried-its across kill -9 on %s', (kind) => {
  let database: TestDatabase;
  let server: Server | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
    await database.drop();
  });

  it('keeps every acknowledged tried-it, like, edit and delete, with counts equal to their rows', async () => {
    database = await createTestDatabase(kind);
    const env = { DATA_DIR: database.dataDir, ...(database.database.kind === 'postgres' ? { DATABASE_URL: database.database.url } : {}) };
    const lines = await killAfterAcknowledged(CHILD, env, /^(created|liked|unphotographed|deleted) /, 30);

    server = await createServer(loadConfig({ ...env, DEMO: 'off', LOG_LEVEL: 'error' }));
    const { db } = server.deps;
    const rows = new Map((await db.selectFrom('did_its').select(['id', 'media_id']).execute()).map((r) => [r.id, r]));
    const liked = new Set((await db.selectFrom('did_it_reactions').select('did_it_id').execute()).map((r) => r.did_it_id));
    // A delete under way at the kill may or may not have committed: its tried-it may be either way.
    const deleting = new Set(lines.filter((l) => l.startsWith('deleting ')).map((l) => l.split(' ')[1]));
    const missing: string[] = [];
    for (const line of lines) {
      const [what, id = ''] = line.split(' ');
      if (what === 'created' && !deleting.has(id) && !rows.has(id)) missing.push(line);
      if (what === 'liked' && rows.has(id) && !liked.has(id)) missing.push(line);
      if (what === 'unphotographed' && rows.has(id) && rows.get(id)?.media_id !== null) missing.push(line);
      if (what === 'deleted' && rows.has(id)) missing.push(line);
    }
    expect(lines.filter((l) => l.startsWith('created ')).length).toBeGreaterThan(5);
    expect(missing).toEqual([]);
    expect(await counterDrift(server.deps)).toEqual([]);
  });
});
