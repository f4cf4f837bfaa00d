import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { createServer, type Server } from '../../../src/server/server.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases.ts';
import { killAfterAcknowledged } from '../../support/crash-child.ts';
import { settle } from '../../support/settle.ts';

const CHILD = path.resolve(import.meta.dirname, 'notifications-crash.child.ts');

/**
 * kill -9 during a burst of follows and comments while the cluster subscriber writes their
 * notifications: after a restart catches up, every committed event is in the owner's news hub
 * exactly once (the follow group holds each follower once, the comment group counts each
 * comment once), and every acknowledged change is among them.
 */
describe.each(databaseKinds)('notifications across kill -9 on %s', (kind) => {
  let database: TestDatabase;
  let server: Server | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
    await database.drop();
  });

  it('writes each event’s notification exactly once', async () => {
    database = await createTestDatabase(kind);
    const env = { DATA_DIR: database.dataDir, ...(database.database.kind === 'postgres' ? { DATABASE_URL: database.database.url } : {}) };
    const lines = await killAfterAcknowledged(CHILD, env, /^commented /, 40);
    const [, ownerId = ''] = lines.find((l) => l.startsWith('ready '))?.split(' ') ?? [];

    server = await createServer(loadConfig({ ...env, DEMO: 'off', LOG_LEVEL: 'error' }));
    const { db } = server.deps;
    await settle(server.deps);
    const followers = (await db.selectFrom('user_follows').select('follower_id').where('followee_id', '=', ownerId).execute()).map((r) => r.follower_id);
    const comments = (await db.selectFrom('comments').select('id').execute()).map((r) => r.id);
    const notes = await db.selectFrom('notifications').selectAll().where('recipient_id', '=', ownerId).execute();
    const follow = notes.filter((n) => n.type === 'follow');
    const comment = notes.filter((n) => n.type === 'comment');
    const followActors = await db
      .selectFrom('notification_actors')
      .select('actor_id')
      .where(
        'notification_id',
        'in',
        follow.map((n) => n.id),
      )
      .execute();

    for (const line of lines) {
      const [what, id = ''] = line.split(' ');
      if (what === 'followed') expect(followers).toContain(id);
      if (what === 'commented') expect(comments).toContain(id);
    }
    expect(comments.length).toBeGreaterThanOrEqual(40);
    expect(followActors.map((r) => r.actor_id).sort()).toEqual([...followers].sort());
    expect(follow.reduce((sum, n) => sum + n.event_count, 0)).toBe(followers.length);
    expect(comment.reduce((sum, n) => sum + n.event_count, 0)).toBe(comments.length);
  });
});
