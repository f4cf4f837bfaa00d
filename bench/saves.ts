import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Actor } from '../src/server/auth/actor.ts';
import { createBoard } from '../src/server/boards/boards.service.ts';
import { loadConfig } from '../src/server/config.ts';
import { ingestImage } from '../src/server/media/media.service.ts';
import { createPin } from '../src/server/pins/pins.service.ts';
import { savePin } from '../src/server/pins/saves.service.ts';
import { createServer } from '../src/server/server.ts';
import { createClient } from '../tests/support/app.ts';
import { formatRatio, type Throughput } from './http.ts';

/**
 * Durable save-pin commits (the save service: access check, row locks, the save, four counters,
 * one SQLite WAL commit with synchronous=FULL) against the cheapest durable write the same disk
 * allows: 8 KB written and fsynced, in a loop, in the same directory and run. Asserts nothing.
 * Run alone with `node bench/saves.ts`, or call savesBenchmark() from the bench runner.
 */
export async function savesBenchmark(saves = 400): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-bench-saves-'));
  const server = await createServer(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO: 'off' }));
  try {
    const { deps } = server;
    await createClient(server.app).signUp('bench@example.com');
    const { id: userId } = await deps.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const actor: Actor = { kind: 'token', userId, tokenId: 'bench', scopes: ['pins:write', 'boards:write'] };
    const png = await sharp({ create: { width: 64, height: 96, channels: 3, background: '#2e86c1' } }).png().toBuffer();
    const media = await ingestImage(deps, actor, png, { inline: true });
    const source = await createBoard(deps, actor, { name: 'Source', privacy: 'public' });
    const target = await createBoard(deps, actor, { name: 'Target', privacy: 'public' });
    const pins: string[] = [];
    for (let i = 0; i < saves + 20; i++) pins.push((await createPin(deps, actor, { board_id: source.id, media_id: media.id, title: `Pin ${i}` })).pin.id);

    const file = await fs.promises.open(path.join(dataDir, 'fsync-baseline.bin'), 'a');
    const block = Buffer.alloc(8192, 7);
    let next = 0;
    // One 8 KB append and fsync per call: what one durable commit costs the disk at the least.
    const baselineTask = async () => {
      await file.write(block);
      await file.sync();
    };
    const saveTask = () => savePin(deps, actor, { pinId: pins[next++] ?? '', boardId: target.id });
    const [subject, baseline] = await interleaved(saves, saveTask, baselineTask).finally(() => file.close());
    return formatRatio('Durable save-pin commits vs raw 8 KB write+fsync loop (same disk)', subject, baseline, '>= 0.6');
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const ROUNDS = 10;

/**
 * Runs both tasks `count` times each, in alternating rounds, so a burst of disk or CPU noise
 * falls on both alike rather than on whichever ran during it.
 */
async function interleaved(count: number, subject: () => Promise<unknown>, baseline: () => Promise<unknown>): Promise<[Throughput, Throughput]> {
  for (let i = 0; i < 10; i++) await subject();
  for (let i = 0; i < 10; i++) await baseline();
  const spent = [0, 0];
  const perRound = Math.ceil(count / ROUNDS);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [slot, task] of [subject, baseline].entries()) {
      const start = performance.now();
      for (let i = 0; i < perRound; i++) await task();
      spent[slot] = (spent[slot] ?? 0) + performance.now() - start;
    }
  }
  const rate = (ms = 0): Throughput => ({ requestsPerSecond: (perRound * ROUNDS) / (ms / 1000), non2xx: 0 });
  return [rate(spent[0]), rate(spent[1])];
}

if (import.meta.main) process.stdout.write(`${await savesBenchmark()}\n`);
