import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import sharp from 'sharp';
import type { Actor } from '../src/server/access/actor.ts';
import { createBoard } from '../src/server/boards/boards.service.ts';
import { loadConfig } from '../src/server/config.ts';
import type { Deps } from '../src/server/deps.ts';
import { ingestImage } from '../src/server/media/media.service.ts';
import { createPin } from '../src/server/pins/pins.service.ts';
import { createServer } from '../src/server/server.ts';
import { ensureInterest } from '../src/server/social/topics.ts';
import { reindexWaitingPins } from '../src/server/search/stale-pins.ts';
import { ensureClientBuild } from '../tests/support/server.ts';
import { createHttpClient } from '../tests/support/http-client.ts';
import { formatRatio, measure, warmUp, type Throughput } from './http.ts';

/**
 * The signed-out home of issue 25: the page server renders `/` with the instance's pins (60
 * public pins of four topics, at least 25 shown), measured in req/s against the very same HTML
 * served from memory by the same server, in the same run. The server runs in a child process of
 * its own (`--serve`), so the load generator does not share its event loop. Asserts nothing.
 * Run alone with `node bench/landing.ts`, or call landingBenchmark() from the bench runner.
 */

const TOPICS = ['Mountains', 'Ocean', 'Baking', 'Gardens'];
const PINS_PER_TOPIC = 15;
const MIN_PINS = 25;

type Ready = { url: string; pins: number; firstRenderMs: number };

const ROUNDS = 5;
const SECONDS = 3;

export async function landingBenchmark(): Promise<string> {
  ensureClientBuild();
  const child = spawn(process.execPath, [import.meta.filename, '--serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const lines = readline.createInterface({ input: child.stdout });
    const first = await lines[Symbol.asyncIterator]().next();
    const { url, pins, firstRenderMs } = JSON.parse(first.value ?? '{}') as Ready;
    if (pins < MIN_PINS) throw new Error(`the landing shows ${String(pins)} pins, fewer than ${String(MIN_PINS)}`);
    for (const route of ['/', '/bench/landing-from-memory']) await warmUp(`${url}${route}`);
    // Page and baseline take turns, so a neighbour's load on a shared machine falls on both alike.
    const rounds: { page: Throughput; baseline: Throughput }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      rounds.push({ page: await measure(`${url}/`, {}, SECONDS), baseline: await measure(`${url}/bench/landing-from-memory`, {}, SECONDS) });
    }
    const ratios = rounds.map((r) => r.page.requestsPerSecond / r.baseline.requestsPerSecond).sort((a, b) => a - b);
    const median = rounds.find((r) => r.page.requestsPerSecond / r.baseline.requestsPerSecond === ratios[Math.floor(ROUNDS / 2)]) ?? rounds[0];
    if (!median) throw new Error('no rounds');
    const label = `SSR signed-out home with ${String(pins)} real pins (LandingPinsResource; first render ${String(firstRenderMs)} ms)`;
    return `${formatRatio(label, median.page, median.baseline, '>= 0.5')}; median of ${String(ROUNDS)} rounds, ratios ${ratios.map((r) => r.toFixed(2)).join(', ')}`;
  } finally {
    child.kill('SIGTERM');
  }
}

/** The server under measurement: a world of public pins, `/` and its bytes from memory. */
async function serve(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-bench-landing-'));
  const server = await createServer(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO: 'off' }));
  let html = '';
  server.app.get('/bench/landing-from-memory', (_request, reply) => reply.type('text/html; charset=utf-8').send(html));
  const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  await makeWorld(server.deps, url);
  const started = performance.now();
  html = await (await fetch(`${url}/`)).text();
  const firstRenderMs = Math.round(performance.now() - started);
  const pins = new Set([...html.matchAll(/href="\/pin\/(\d+)\/"/g)].map((m) => m[1])).size;
  process.stdout.write(`${JSON.stringify({ url, pins, firstRenderMs })}\n`);
  const stop = () => {
    void server.close().finally(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  };
  process.once('SIGTERM', stop);
}

/** A member with a board of pictures per topic, each pin a picture of its own. */
async function makeWorld(deps: Deps, url: string): Promise<void> {
  await createHttpClient(url).signUp('maker@example.com');
  const { id: userId } = await deps.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  const actor: Actor = { kind: 'token', userId, tokenId: 'bench', scopes: ['pins:write', 'boards:write'] };
  for (const [t, topic] of TOPICS.entries()) {
    await ensureInterest(deps.db, topic, topic.toLowerCase());
    const board = await createBoard(deps, actor, { name: `${topic} ideas`, privacy: 'public' });
    for (let i = 0; i < PINS_PER_TOPIC; i++) {
      const picture = await sharp({ create: { width: 236, height: 200 + ((i * 41) % 200), channels: 3, background: { r: t * 60, g: (i * 17) % 256, b: 140 } } })
        .jpeg()
        .toBuffer();
      const media = await ingestImage(deps, actor, picture, { inline: true });
      await createPin(deps, actor, {
        board_id: board.id,
        media_id: media.id,
        title: `${topic} idea ${String(i)}`,
        description: `A ${topic.toLowerCase()} picture.`,
      });
    }
  }
  await deps.events.settled();
  await reindexWaitingPins(deps.db);
}

if (process.argv.includes('--serve')) await serve();
else if (import.meta.filename === process.argv[1]) process.stdout.write(`${await landingBenchmark()}\n`);
