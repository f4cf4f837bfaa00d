import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Admission control (decision 0037): the latency of admitted requests past saturation against the
 * latency at half of it, and how long a refused request waited. The server runs in its own process
 * with its default admission settings; this process only sends requests. Nothing here asserts a time.
 */
type Sample = { status: number; ms: number };
type Run = { concurrency: number; rps: number; admitted: number[]; refusedMs: number[] };

const PORT = 39_000 + Math.floor(Math.random() * 1000);
const PATH = '/robots.txt';
const SECONDS = 5;

async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-overload-'));
  const env = { ...process.env, DATA_DIR: dataDir, DEMO: 'off', LOG_LEVEL: 'silent', PORT: String(PORT), HOST: '127.0.0.1' };
  const child = spawn(process.execPath, [path.join(import.meta.dirname, '../src/server/main.ts'), '--role', 'web'], { env, stdio: 'ignore' });
  for (let i = 0; i < 200; i += 1) {
    if ((await get().catch(() => null))?.status === 200) break;
    await sleep(100);
  }
  return () => {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

function get(agent?: http.Agent): Promise<Sample> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: PORT, path: PATH, agent }, (response) => {
      response.resume();
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - started });
      });
    });
    request.on('error', reject);
  });
}

/** `concurrency` clients, each sending its next request when its last is answered, for SECONDS. */
async function load(concurrency: number): Promise<Run> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const until = performance.now() + SECONDS * 1000;
  const samples: Sample[] = [];
  const client = async () => {
    while (performance.now() < until) samples.push(await get(agent).catch(() => ({ status: 0, ms: 0 })));
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  agent.destroy();
  const admitted = samples.filter((s) => s.status === 200).map((s) => s.ms);
  const refusedMs = samples.filter((s) => s.status === 503).map((s) => s.ms);
  return { concurrency, rps: admitted.length / SECONDS, admitted, refusedMs };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** The smallest concurrency whose throughput is within 5% of the best seen. */
async function saturatingConcurrency(): Promise<number> {
  const runs: Run[] = [];
  for (const concurrency of [8, 32, 128, 512]) runs.push(await load(concurrency));
  const best = Math.max(...runs.map((r) => r.rps));
  return runs.find((r) => r.rps >= 0.95 * best)?.concurrency ?? 512;
}

export async function overloadBenchmark(): Promise<string[]> {
  const stop = await startServer();
  try {
    await load(32);
    const saturating = await saturatingConcurrency();
    const half = await load(Math.max(1, saturating / 2));
    const twice = await load(saturating * 2);
    const ratio = percentile(twice.admitted, 99) / percentile(half.admitted, 99);
    const refusedMax = twice.refusedMs.length ? Math.max(...twice.refusedMs) : 0;
    return [
      `Admission control, GET ${PATH}: saturating concurrency ${saturating}; p99 admitted at ${twice.concurrency} ${percentile(twice.admitted, 99).toFixed(1)} ms vs at ${half.concurrency} ${percentile(half.admitted, 99).toFixed(1)} ms = ratio ${ratio.toFixed(2)} (target <= 2)`,
      `Admission control, refused at ${twice.concurrency}: ${twice.refusedMs.length} of ${twice.refusedMs.length + twice.admitted.length}, slowest refusal ${refusedMax.toFixed(1)} ms (target <= 1000); throughput ${twice.rps.toFixed(0)} vs ${half.rps.toFixed(0)} req/s`,
    ];
  } finally {
    stop();
  }
}

if (import.meta.main) process.stdout.write(`${(await overloadBenchmark()).join('\n')}\n`);
