import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { firstLoadJavaScript } from './bundle-size.ts';
import { formatRatio, measure, warmUp } from './http.ts';
import { commentsBenchmark } from './comments.ts';
import { eventsBenchmark } from './events.ts';
import { landingBenchmark } from './landing.ts';
import { liveBenchmark } from './live.ts';
import { mediaBenchmark } from './media.ts';
import { notificationsBenchmark } from './notifications.ts';
import { overloadBenchmark } from './overload.ts';
import { pagesBenchmark } from './pages.ts';
import { recommenderBenchmark } from './recommender.ts';
import { savesBenchmark } from './saves.ts';
import { structureBenchmark } from './structure.ts';
import { telemetryBenchmark } from './telemetry.ts';
import { visualBenchmark } from './visual.ts';

/**
 * Each benchmark measures a real route and, in the same server process and run, a baseline
 * route serving the same bytes from memory, then prints the ratio. Nothing here asserts a time.
 */
type Ready = { url: string; memberHeaders: Record<string, string>; boardPath: string; pinPath: string };

const child = spawn(process.execPath, [path.join(import.meta.dirname, 'server.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
const output = readline.createInterface({ input: child.stdout });
const [line] = await output[Symbol.asyncIterator]()
  .next()
  .then((r) => [r.value as string]);
const { url, memberHeaders, boardPath, pinPath } = JSON.parse(line ?? '{}') as Ready;

for (const path of ['/', '/bench/html-from-memory', boardPath, '/bench/board-from-memory', pinPath, '/bench/pin-from-memory']) await warmUp(`${url}${path}`);
for (const path of ['/v3/users/me/', '/bench/json-from-memory']) await warmUp(`${url}${path}`, memberHeaders);

const lines: string[] = [];
const ssr = await measure(`${url}/`);
const ssrBaseline = await measure(`${url}/bench/html-from-memory`);
lines.push(formatRatio('SSR home page (signed out)', ssr, ssrBaseline, '>= 0.5'));
const json = await measure(`${url}/v3/users/me/`, memberHeaders);
const jsonBaseline = await measure(`${url}/bench/json-from-memory`, memberHeaders);
lines.push(formatRatio('JSON API GET /v3/users/me/ (signed in)', json, jsonBaseline, '>= 0.8'));
const board = await measure(`${url}${boardPath}`);
const boardBaseline = await measure(`${url}/bench/board-from-memory`);
lines.push(formatRatio('Board page JSON (BoardFeedResource, 25 pins, visitor)', board, boardBaseline, '>= 0.5'));
const closeup = await measure(`${url}${pinPath}`);
const closeupBaseline = await measure(`${url}/bench/pin-from-memory`);
lines.push(formatRatio('SSR pin closeup (signed out)', closeup, closeupBaseline, '>= 0.5'));
lines.push(await firstLoadJavaScript());

child.kill('SIGTERM');
lines.push(await landingBenchmark());
lines.push(await mediaBenchmark());
lines.push(await savesBenchmark());
lines.push(...(await commentsBenchmark()));
lines.push(...(await liveBenchmark()));
lines.push(...(await recommenderBenchmark()));
lines.push(...(await visualBenchmark()));
lines.push(...(await pagesBenchmark()));
lines.push(...(await overloadBenchmark()));
lines.push(await eventsBenchmark());
lines.push(await notificationsBenchmark());
lines.push(...(await telemetryBenchmark()));
lines.push(...(await structureBenchmark()));
process.stdout.write(`${lines.join('\n')}\n`);
