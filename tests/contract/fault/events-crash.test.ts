import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readerOf } from '../../../src/server/access/authorized.ts';
import { visitor } from '../../../src/server/access/actor.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { relatedPins } from '../../../src/server/recs/related.service.ts';
import { searchPins } from '../../../src/server/search/pin-search.ts';
import { visibleAfter } from '../../../src/server/search/visible-page.ts';
import { createServer, type Server } from '../../../src/server/server.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases.ts';
import { runUntilKilled } from '../../support/crash-child.ts';
import { settle } from '../../support/settle.ts';

type Made = { pinId: string; saveId: string; boards: { lakeside: string; alpine: string; moorland: string } };

/**
 * kill -9 between a commit and its subscribers (docs/decisions/0033-domain-events.md): after a
 * restart every subscriber's effect is there exactly once. The search documents follow the saves
 * through a cluster subscriber, whose stored position had not moved past the events at the kill;
 * the graph is built again from the database; counts were written with the change.
 */
describe.each(databaseKinds)('events and their subscribers across kill -9 on %s', (kind) => {
  let database: TestDatabase;
  let server: Server | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
    await database.drop();
  });

  it('applies every event once after a restart: search finds the pin once, counts are right, the graph holds each save once', async () => {
    database = await createTestDatabase(kind);
    const env = { DATA_DIR: database.dataDir, ...(database.database.kind === 'postgres' ? { DATABASE_URL: database.database.url } : {}) };
    const made = await runUntilKilled<Made>(path.resolve(import.meta.dirname, 'events-crash.child.ts'), env);

    server = await createServer(loadConfig({ ...env, DEMO: 'off', LOG_LEVEL: 'error' }));
    const { deps } = server;
    const subscriber = await deps.db
      .selectFrom('event_positions')
      .select('id')
      .where('subscriber', '=', 'search documents after saves')
      .executeTakeFirstOrThrow();
    const last = await deps.db.selectFrom('domain_events').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    // The kill came between the commits and the subscriber: its position is behind the log.
    expect(subscriber.id).toBeLessThan(last.id);

    await deps.replicas.recommender?.ready();
    await settle(deps);
    const reader = readerOf(visitor);
    const found = async (words: string[]) =>
      (await visibleAfter(await searchPins(deps, reader, { tokens: words, kind: 'all', savedBy: null, product: null }, Date.now()), null, 10)).map((r) => r.id);
    expect(await found(['alpine'])).toEqual([made.pinId]);
    expect(await found(['moorland'])).toEqual([]);
    expect(await found(['timber', 'sauna'])).toEqual([made.pinId]);

    const pin = await deps.db.selectFrom('pins').select('save_count').where('id', '=', made.pinId).executeTakeFirstOrThrow();
    const saves = await deps.db.selectFrom('board_pins').select('board_id').where('pin_id', '=', made.pinId).execute();
    expect(pin.save_count).toBe(2);
    expect(saves.map((s) => s.board_id).sort()).toEqual([made.boards.lakeside, made.boards.alpine].sort());
    const boards = await deps.db.selectFrom('boards').select(['id', 'pin_count']).where('id', 'in', Object.values(made.boards)).execute();
    expect(Object.fromEntries(boards.map((b) => [b.id, b.pin_count]))).toEqual({
      [made.boards.lakeside]: 1,
      [made.boards.alpine]: 1,
      [made.boards.moorland]: 0,
    });

    const graph = deps.replicas.recommender?.graph;
    if (!graph) throw new Error('no graph');
    const held = Array.from(graph.boardsOf(graph.pinIndex(made.pinId)), (b) => graph.boardId(b));
    expect(held.sort()).toEqual([made.boards.lakeside, made.boards.alpine].sort());
    // And the related feed of the pin still answers, from the same graph.
    await expect(relatedPins(deps, visitor, made.pinId)).resolves.toBeDefined();
  });
});
