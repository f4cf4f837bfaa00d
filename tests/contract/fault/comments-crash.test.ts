import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { createServer, type Server } from '../../../src/server/server.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases.ts';
import { killAfterAcknowledged } from '../../support/crash-child.ts';
import { counterDrift } from '../../support/factories.ts';

const CHILD = path.resolve(import.meta.dirname, 'comments-crash.child.ts');

/**
 * kill -9 while members comment on pins and tried-its, reply, delete and the owner hides: after a
 * restart every acknowledged change is there, and every count (a pin's and a tried-it's
 * comment_count, a comment's replies, the hidden flag's two states) equals a recount of its rows.
 */
describe.each(databaseKinds)('comments across kill -9 on %s', (kind) => {
  let database: TestDatabase;
  let server: Server | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
    await database.drop();
  });

  it('keeps every acknowledged comment, reply, delete and hide, with counts equal to their rows', async () => {
    database = await createTestDatabase(kind);
    const env = { DATA_DIR: database.dataDir, ...(database.database.kind === 'postgres' ? { DATABASE_URL: database.database.url } : {}) };
    const lines = await killAfterAcknowledged(CHILD, env, /^(created|deleted|hidden) /, 30);

    server = await createServer(loadConfig({ ...env, DEMO: 'off', LOG_LEVEL: 'error' }));
    const { db } = server.deps;
    const rows = new Map((await db.selectFrom('comments').select(['id', 'owner_hidden', 'did_it_id']).execute()).map((r) => [r.id, r]));
    // A change under way at the kill may or may not have committed.
    const changing = new Set(lines.filter((l) => l.startsWith('changing ')).map((l) => l.split(' ')[1]));
    const missing: string[] = [];
    for (const line of lines) {
      const [what, id = ''] = line.split(' ');
      if (what === 'created' && !changing.has(id) && !rows.has(id)) missing.push(line);
      if (what === 'deleted' && rows.has(id)) missing.push(line);
      if (what === 'hidden' && rows.get(id)?.owner_hidden !== 1) missing.push(line);
    }
    expect(lines.filter((l) => l.startsWith('created ')).length).toBeGreaterThan(5);
    expect([...rows.values()].some((r) => r.did_it_id !== null)).toBe(true);
    expect(missing).toEqual([]);
    expect(await counterDrift(server.deps)).toEqual([]);
  });
});
