import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Actor } from '../src/server/access/actor.ts';
import { loadConfig } from '../src/server/config.ts';
import { assignExperiments } from '../src/server/experiments/assignment.ts';
import { createExperiment, experimentDefinitions } from '../src/server/experiments/experiments.service.ts';
import { ingestContextEvents, ingestMetrics } from '../src/server/telemetry/telemetry.service.ts';
import { createServer, type Server } from '../src/server/server.ts';
import type { LoggingEvent, Metric } from '../src/shared/contracts/telemetry.ts';
import { CONTEXT_EVENT_TYPES, PAGE_TYPES, TIMED_METRICS } from '../src/shared/telemetry.ts';
import { createClient } from '../tests/support/app.ts';
import { formatRatio, type Throughput } from './http.ts';

/**
 * Telemetry and experiments (docs/decisions/0042), each against a baseline in the same run:
 *
 * - ingestion: batches of 100 context events and 50 metrics through the services (consent read,
 *   aggregation, upserts of the day's counts and histograms) against one batched insert of the
 *   same 150 rows, one row each, into a plain table: rows/s;
 * - assignment: a member's server-rendered page with 20 operator experiments assigned, against
 *   the same page on a second server with none defined, one request of each in turn: pages/s from
 *   the median time of each.
 *
 * Asserts nothing. Run alone with `node bench/telemetry.ts`, or from the bench runner.
 */

const BATCHES = 300;
/** Rows per call: a context batch of 20,480 bytes holds about 150 events. */
const BATCH = 150;
const ROUNDS = 20;
const PAGES = 400;
const EXPERIMENTS = 20;

function batch(seed: number): { events: LoggingEvent[]; metrics: Metric[] } {
  const events = Array.from({ length: BATCH }, (_, i) => ({
    event_type: CONTEXT_EVENT_TYPES[(seed + i) % CONTEXT_EVENT_TYPES.length] ?? 'view',
    view_type: PAGE_TYPES[(seed * 7 + i) % PAGE_TYPES.length] ?? 'home',
    time: Date.now(),
    unique_id: `${String(seed)}-${String(i)}`,
    component: 'grid',
  }));
  const metrics: Metric[] = Array.from({ length: BATCH }, (_, i) => ({
    kind: 'timing',
    name: TIMED_METRICS[i % TIMED_METRICS.length] ?? 'first_input_delay',
    value: (seed * 13 + i * 37) % 3000,
    tags: { page_type: PAGE_TYPES[i % PAGE_TYPES.length] ?? 'home', signed_in: true },
  }));
  return { events, metrics };
}

async function memberOf(server: Server): Promise<{ actor: Actor; cookie: string }> {
  const client = createClient(server.app);
  await client.signUp(`bench-${String(Math.random()).slice(2)}@example.com`);
  const { id } = await server.deps.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  await server.deps.db.updateTable('users').set({ allow_analytic_cookies: 1 }).where('id', '=', id).execute();
  const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return { actor: { kind: 'member', userId: id, sessionIdHash: 'bench', limitedLogin: false, expiresAt: Date.now() + 86_400_000 }, cookie };
}

type Row = { day: string; page: string; name: string; value: number; unique_id: string };

/** Calls/s of `ingest` and of a batched insert of the same rows, rounds alternating; as rows/s. */
async function ingestion(
  server: Server,
  ingest: (b: ReturnType<typeof batch>) => Promise<unknown>,
  rowsOf: (b: ReturnType<typeof batch>) => Row[],
): Promise<[Throughput, Throughput]> {
  const { deps } = server;
  const batches = Array.from({ length: BATCHES }, (_, i) => batch(i));
  const spent = [0, 0];
  const perRound = BATCHES / ROUNDS;
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? [0, 1] : [1, 0];
    for (const slot of order) {
      const start = performance.now();
      for (let i = r * perRound; i < (r + 1) * perRound; i++) {
        const b = batches[i] ?? batch(i);
        if (slot === 0) await ingest(b);
        else
          await sql`insert into bench_raw_telemetry (day, page, name, value, unique_id) values ${sql.join(
            rowsOf(b).map((row) => sql`(${row.day}, ${row.page}, ${row.name}, ${row.value}, ${row.unique_id})`),
          )}`.execute(deps.db);
      }
      spent[slot] = (spent[slot] ?? 0) + performance.now() - start;
    }
  }
  const rate = (ms = 0): Throughput => ({ requestsPerSecond: (BATCHES * BATCH) / (ms / 1000), non2xx: 0 });
  return [rate(spent[0]), rate(spent[1])];
}

async function assignment(withExperiments: Server, without: Server): Promise<[Throughput, Throughput]> {
  const [a, b] = await Promise.all([memberOf(withExperiments), memberOf(without)]);
  // The experiments' author is an operator (OPERATORS names bench_operator).
  await withExperiments.deps.db
    .updateTable('users')
    .set({ username: 'bench_operator' })
    .where('id', '=', a.actor.kind === 'visitor' ? '' : a.actor.userId)
    .execute();
  for (let i = 0; i < EXPERIMENTS; i++) {
    const groups = [
      { name: 'control', weight: 1 },
      { name: `enabled_${String(i)}`, weight: 2 },
      { name: 'employee_preview', weight: 1 },
    ];
    await createExperiment(withExperiments.deps, a.actor, { name: `bench_experiment_${String(i)}`, groups, holdout_percent: 10 });
  }
  await experimentDefinitions(withExperiments.deps.db);
  const page = (server: Server, cookie: string) => server.app.inject({ method: 'GET', url: '/today', headers: { cookie } });
  const check = await page(withExperiments, a.cookie);
  if (!check.body.includes('bench_experiment_0')) throw new Error(`the page has no experiments: ${String(check.statusCode)}`);
  for (let i = 0; i < 50; i++) await Promise.all([page(withExperiments, a.cookie), page(without, b.cookie)]);
  // One request of each at a time, alternating which goes first, timed one by one: the median of
  // each side is the page's time, unmoved by the bursts of other work on a shared machine that
  // shift totals measured in blocks.
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < PAGES; i++) {
    const pair: [0 | 1, Server, string][] = [
      [0, withExperiments, a.cookie],
      [1, without, b.cookie],
    ];
    for (const [slot, server, cookie] of i % 2 === 0 ? pair : pair.toReversed()) {
      const start = performance.now();
      await page(server, cookie);
      times[slot].push(performance.now() - start);
    }
  }
  const rate = (ms: number[]): Throughput => ({ requestsPerSecond: 1000 / median(ms), non2xx: 0 });
  return [rate(times[0]), rate(times[1])];
}

function median(values: number[]): number {
  const sorted = values.toSorted((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Microseconds of the assignment of one page (definitions cached, as in a render). */
async function assignmentCost(server: Server): Promise<number> {
  const definitions = await experimentDefinitions(server.deps.db);
  const overrides = server.deps.config.experiments;
  const runs = 20_000;
  const start = performance.now();
  for (let i = 0; i < runs; i++) assignExperiments(definitions, { id: String(1_000_000 + i), member: true, employee: false }, overrides);
  return ((performance.now() - start) * 1000) / runs;
}

export async function telemetryBenchmark(): Promise<string[]> {
  const dirs = [0, 1, 2].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-bench-telemetry-')));
  const env = (dir: string) => loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', DEMO: 'off', OPERATORS: 'bench_operator' });
  const servers = await Promise.all(dirs.map((dir) => createServer(env(dir))));
  const [ingest, withExperiments, without] = servers as [Server, Server, Server];
  try {
    const { actor } = await memberOf(ingest);
    await sql`create table bench_raw_telemetry (day text not null, page text not null, name text not null, value real not null, unique_id text not null)`.execute(
      ingest.deps.db,
    );
    const [events, eventRows] = await ingestion(
      ingest,
      (b) => ingestContextEvents(ingest.deps, actor, b.events, {}),
      (b) => b.events.map((e) => ({ day: '2026-01-01', page: e.view_type, name: e.event_type, value: 1, unique_id: e.unique_id })),
    );
    const [metrics, metricRows] = await ingestion(
      ingest,
      (b) => ingestMetrics(ingest.deps, actor, b.metrics, {}),
      (b) => b.metrics.map((m, i) => ({ day: '2026-01-01', page: m.tags.page_type, name: m.name, value: m.value, unique_id: String(i) })),
    );
    const [assigned, bare] = await assignment(withExperiments, without);
    const perPage = await assignmentCost(withExperiments);
    return [
      formatRatio(
        `ApiCResource ingestion, ${String(BATCH)} events a call (consent check, counts upserted) vs a batched insert of the same rows, rows/s`,
        events,
        eventRows,
        '>= 0.5',
      ),
      formatRatio(
        `ApiSResource ingestion, ${String(BATCH)} metrics a call (consent check, histograms upserted) vs a batched insert of the same rows, rows/s`,
        metrics,
        metricRows,
        '>= 0.5',
      ),
      formatRatio(
        `Member page renders/s (median of ${String(PAGES)} alternating) with ${String(EXPERIMENTS)} experiments assigned vs none defined`,
        assigned,
        bare,
        '>= 0.95',
      ),
      `Assigning ${String(EXPERIMENTS)} experiments alone: ${perPage.toFixed(1)} µs a page, ${((perPage / 1000 / (1000 / bare.requestsPerSecond)) * 100).toFixed(2)}% of a page render of this run`,
    ];
  } finally {
    for (const server of servers) await server.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) process.stdout.write(`${(await telemetryBenchmark()).join('\n')}\n`);
