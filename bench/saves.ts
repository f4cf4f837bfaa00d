import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Actor } from '../src/server/access/actor.ts';
import { createBoard } from '../src/server/boards/boards.service.ts';
import { loadConfig } from '../src/server/config.ts';
import { ingestImage } from '../src/server/media/media.service.ts';
import { createPin } from '../src/server/pins/pins.service.ts';
import { savePin } from '../src/server/pins/saves.service.ts';
import { jobHandlers } from '../src/server/jobs/handlers.ts';
import { createServer, type Server } from '../src/server/server.ts';
import { createClient } from '../tests/support/app.ts';
import { formatRatio, type Throughput } from './http.ts';

/**
 * Durable save-pin commits/s (the save service: access checks, the save, its counters, the search
 * mark, one SQLite WAL commit with synchronous=FULL, and the search catch-up job it starts, run
 * by the job worker in the same process as `npm start` does) against the cheapest durable write
 * the same disk allows: 8 KB written and fsynced, in a loop, in the same directory and run.
 *
 * The target figure has SAVERS members saving at once, as a server sees them: their commits
 * share fsyncs (src/server/db/commit-group.ts). One saver at a time is printed as well; each of
 * its saves waits for a commit of its own. Asserts nothing. Run alone with `node bench/saves.ts`,
 * or call savesBenchmark() from the bench runner.
 */
export async function savesBenchmark(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-bench-saves-'));
  const server = await createServer(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO: 'off' }));
  const worker = server.deps.ports.queue.start({ handlers: jobHandlers(server.deps) });
  const file = await fs.promises.open(path.join(dataDir, 'fsync-baseline.bin'), 'a');
  try {
    const save = await saveTask(server, SAVES * 2 + WARMUP);
    const block = Buffer.alloc(8192, 7);
    // One 8 KB append and fsync per call: what one durable commit costs the disk at the least.
    const fsync = async () => {
      await file.write(block);
      await file.sync();
    };
    const [together, baseline] = await interleaved(save, fsync, SAVERS);
    const [alone, baselineAlone] = await interleaved(save, fsync, 1);
    return [
      formatRatio(`Durable save-pin commits, ${String(SAVERS)} members saving at once, vs raw 8 KB write+fsync loop (same disk)`, together, baseline, '>= 0.6'),
      formatRatio('Durable save-pin commits, one at a time, vs raw 8 KB write+fsync loop', alone, baselineAlone, 'none, for reference'),
    ].join('\n');
  } finally {
    await file.close();
    await worker.stop();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const SAVES = 480;
const WARMUP = 16;
const ROUNDS = 10;
const SAVERS = 16;

/** A member with `count` pins on one board, and a task that saves the next of them to another. */
export async function saveTask(server: Server, count: number): Promise<() => Promise<unknown>> {
  const { deps } = server;
  await createClient(server.app).signUp('bench@example.com');
  const { id: userId } = await deps.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  const actor: Actor = { kind: 'token', userId, tokenId: 'bench', scopes: ['pins:write', 'boards:write'] };
  const png = await sharp({ create: { width: 64, height: 96, channels: 3, background: '#2e86c1' } })
    .png()
    .toBuffer();
  const media = await ingestImage(deps, actor, png, { inline: true });
  const source = await createBoard(deps, actor, { name: 'Source', privacy: 'public' });
  const target = await createBoard(deps, actor, { name: 'Target', privacy: 'public' });
  const pins: string[] = [];
  for (let i = 0; i < count; i++) pins.push((await createPin(deps, actor, { board_id: source.id, media_id: media.id, title: `Pin ${String(i)}` })).pin.id);
  return () => {
    const pinId = pins.pop();
    if (!pinId) throw new Error('The benchmark ran out of pins to save');
    return savePin(deps, actor, { pinId, boardId: target.id });
  };
}

/**
 * Runs SAVES saves (`savers` at once) and as many baseline writes, in alternating rounds, so a
 * burst of disk or CPU noise falls on both alike rather than on whichever ran during it.
 */
export async function interleaved(save: () => Promise<unknown>, baseline: () => Promise<unknown>, savers: number): Promise<[Throughput, Throughput]> {
  const perRound = SAVES / ROUNDS;
  const saveRound = () =>
    Promise.all(
      Array.from({ length: savers }, async () => {
        for (let i = 0; i < perRound / savers; i++) await save();
      }),
    );
  const baselineRound = async () => {
    for (let i = 0; i < perRound; i++) await baseline();
  };
  for (let i = 0; i < WARMUP / 2; i++) await save();
  const spent = [0, 0];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [slot, run] of [saveRound, baselineRound].entries()) {
      const start = performance.now();
      await run();
      spent[slot] = (spent[slot] ?? 0) + performance.now() - start;
    }
  }
  const rate = (ms = 0): Throughput => ({ requestsPerSecond: SAVES / (ms / 1000), non2xx: 0 });
  return [rate(spent[0]), rate(spent[1])];
}

if (import.meta.main) process.stdout.write(`${await savesBenchmark()}\n`);
