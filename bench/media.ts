import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Actor } from '../src/server/access/actor.ts';
import { loadConfig } from '../src/server/config.ts';
import { ingestImage } from '../src/server/media/media.service.ts';
import { createServer } from '../src/server/server.ts';
import { createClient } from '../tests/support/app.ts';
import { scene } from '../tests/contract/media/fixtures.ts';
import { formatRatio, type Throughput } from './http.ts';

/**
 * The inline upload pipeline (sniff, header checks, the 736-wide decode, every size of the spec,
 * analysis, durable writes, the row insert) against sharp's single-resize task (decode, one
 * 736-wide resize, encode) on the same input, in the same process and run, in alternating blocks.
 * Prints the ratio of throughputs; asserts nothing.
 * Run alone with `node bench/media.ts`, or call mediaBenchmark() from the bench runner.
 */
export async function mediaBenchmark(iterations = 40): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-bench-media-'));
  const server = await createServer(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO: 'off' }));
  try {
    await createClient(server.app).signUp('bench@example.com');
    const { id: userId } = await server.deps.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const actor: Actor = { kind: 'token', userId, tokenId: 'bench', scopes: ['pins:write'] };
    const input = await scene(3000, 2000, 42).jpeg({ quality: 90 }).toBuffer();
    const [baseline, pipeline] = await rates(iterations, [
      () => sharp(input).resize({ width: 736 }).jpeg().toBuffer(),
      () => ingestImage(server.deps, actor, input, { inline: true }),
    ]);
    return formatRatio('Upload pipeline, 6 MP JPEG (all sizes, write, commit) vs sharp single resize', pipeline, baseline, '>= 0.45');
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Iterations run in alternating blocks, so load that comes and goes on a shared machine falls on both tasks alike. */
const BLOCK = 5;

async function rates(iterations: number, tasks: readonly [() => Promise<unknown>, () => Promise<unknown>]): Promise<[Throughput, Throughput]> {
  for (const task of tasks) await task();
  const elapsed = [0, 0];
  for (let done = 0; done < iterations; done += BLOCK) {
    for (const [index, task] of tasks.entries()) {
      const start = performance.now();
      for (let i = done; i < Math.min(iterations, done + BLOCK); i++) await task();
      elapsed[index] = (elapsed[index] ?? 0) + performance.now() - start;
    }
  }
  const throughput = (ms = 0): Throughput => ({ requestsPerSecond: iterations / (ms / 1000), non2xx: 0 });
  return [throughput(elapsed[0]), throughput(elapsed[1])];
}

if (import.meta.main) process.stdout.write(`${await mediaBenchmark()}\n`);
