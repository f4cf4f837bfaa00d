import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { boardActionJob } from '../../../src/server/organize/organize.job.ts';
import { createServer, type Server } from '../../../src/server/server.ts';
import { runUntilKilled } from '../../support/crash-child.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases.ts';
import { counterDrift } from '../../support/factories.ts';

type Made = { from: string; to: string; pinIds: string[]; actionId: string };

/**
 * kill -9 during a bulk move of 200 pins: afterwards every pin is on exactly one of the two
 * boards, the pins on the target are exactly the steps the action counts as done, every counter
 * equals a recount of its rows, and the job run again finishes the move.
 */
describe.each(databaseKinds)('a bulk move across kill -9 on %s', (kind) => {
  let database: TestDatabase;
  let server: Server | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
    await database.drop();
  });

  it('leaves every pin on exactly one board with counts that agree, and resumes', async () => {
    database = await createTestDatabase(kind);
    const env = { DATA_DIR: database.dataDir, ...(database.database.kind === 'postgres' ? { DATABASE_URL: database.database.url } : {}) };
    const made = await runUntilKilled<Made>(path.resolve(import.meta.dirname, 'organize-crash.child.ts'), env);

    server = await createServer(loadConfig({ ...env, DEMO: 'off', LOG_LEVEL: 'error' }));
    const { db } = server.deps;
    const places = async () => {
      const rows = await db.selectFrom('board_pins').select(['pin_id', 'board_id']).where('pin_id', 'in', made.pinIds).execute();
      return { from: rows.filter((r) => r.board_id === made.from).length, to: rows.filter((r) => r.board_id === made.to).length, saves: rows.length };
    };
    const action = await db.selectFrom('board_actions').selectAll().where('id', '=', made.actionId).executeTakeFirstOrThrow();
    const after = await places();
    expect(after.saves).toBe(200);
    expect(new Set((await db.selectFrom('board_pins').select('pin_id').where('pin_id', 'in', made.pinIds).execute()).map((r) => r.pin_id)).size).toBe(200);
    expect(after.to).toBe(action.done_count);
    expect(after.from + after.to).toBe(200);
    // The kill fell mid-move: some steps committed, others not.
    expect(action.state).toBe('running');
    expect(action.done_count).toBeGreaterThanOrEqual(40);
    expect(await counterDrift(server.deps)).toEqual([]);

    await boardActionJob(server.deps)({ actionId: made.actionId }, { id: 'resume', attempt: 2 });
    expect(await places()).toEqual({ from: 0, to: 200, saves: 200 });
    expect(await db.selectFrom('board_actions').select(['state', 'progress']).where('id', '=', made.actionId).executeTakeFirstOrThrow()).toEqual({
      state: 'done',
      progress: 100,
    });
    expect(await counterDrift(server.deps)).toEqual([]);
  });
});
