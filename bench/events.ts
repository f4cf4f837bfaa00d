import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Actor } from '../src/server/access/actor.ts';
import { createBoard } from '../src/server/boards/boards.service.ts';
import { loadConfig } from '../src/server/config.ts';
import { transact } from '../src/server/db/transaction.ts';
import type { StoredEvent } from '../src/server/events/catalogue.ts';
import { ingestImage } from '../src/server/media/media.service.ts';
import { createPin } from '../src/server/pins/pins.service.ts';
import { savePin } from '../src/server/pins/saves.service.ts';
import { createServer, type Server } from '../src/server/server.ts';
import { createClient } from '../tests/support/app.ts';
import { formatRatio, type Throughput } from './http.ts';

/**
 * What the event log costs (docs/decisions/0033-domain-events.md), each against a baseline
 * measured in the same run:
 *
 * - durable save-pin commits/s with the save's event recorded, against the same saves on a second
 *   server whose bus records nothing, 16 members saving at once, rounds alternating between the
 *   two; and, for reference, with the events also delivered (the search documents of the saved
 *   pins brought up to date by their cluster subscriber, work the old catch-up job did too);
 * - the time from an event's commit to its subscriber (on this node, and once for the cluster),
 *   against a bare round trip of the job queue port: enqueue, and the worker's handler running.
 *
 * Asserts nothing. Run alone with `node bench/events.ts`, or from the bench runner.
 */
export async function eventsBenchmark(): Promise<string> {
  const dirs = [0, 1, 2].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-bench-events-')));
  const servers = await Promise.all(dirs.map((dir) => createServer(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', DEMO: 'off' }))));
  const [delivered, recorded, silent] = servers as [Server, Server, Server];
  try {
    const tasks = { delivered: await saveTask(delivered), recorded: await saveTask(recorded), silent: await saveTask(silent) };
    // Set up through the services (whose events build the search documents), then changed.
    await recorded.deps.events.close();
    await silent.deps.events.close();
    silent.deps.events.record = () => Promise.resolve();
    const [withEvents, without] = await interleaved(tasks.recorded, tasks.silent);
    const [whole, bare] = await interleaved(tasks.delivered, tasks.silent);
    await delivered.deps.events.settled();
    const delivery = await deliveryLatency(delivered);
    return [
      formatRatio(`Durable save-pin commits/s with their events recorded vs without, ${String(SAVERS)} members saving at once`, withEvents, without, '>= 0.9'),
      formatRatio(
        'The same, with the events also delivered (search documents brought up to date by their subscriber) vs neither',
        whole,
        bare,
        'none, for reference',
      ),
      delivery,
    ].join('\n');
  } finally {
    for (const server of servers) await server.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

const SAVES = 480;
/** Pins each server can save: two measured runs of SAVES each. */
const PINS = 2 * SAVES + 16;
const ROUNDS = 10;
const SAVERS = 16;
const DELIVERIES = 300;

async function saveTask(server: Server): Promise<() => Promise<unknown>> {
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
  for (let i = 0; i < PINS; i++) pins.push((await createPin(deps, actor, { board_id: source.id, media_id: media.id, title: `Pin ${String(i)}` })).pin.id);
  return () => {
    const pinId = pins.pop();
    if (!pinId) throw new Error('The benchmark ran out of pins to save');
    return savePin(deps, actor, { pinId, boardId: target.id });
  };
}

/** Rounds alternate between the two, so passing noise falls on both alike. */
async function interleaved(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[Throughput, Throughput]> {
  const perSaver = SAVES / ROUNDS / SAVERS;
  const round = (save: () => Promise<unknown>) =>
    Promise.all(
      Array.from({ length: SAVERS }, async () => {
        for (let i = 0; i < perSaver; i++) await save();
      }),
    );
  const spent = [0, 0];
  for (let r = 0; r < ROUNDS; r++) {
    for (const [slot, save] of [a, b].entries()) {
      const start = performance.now();
      await round(save);
      spent[slot] = (spent[slot] ?? 0) + performance.now() - start;
    }
  }
  const rate = (ms = 0): Throughput => ({ requestsPerSecond: SAVES / (ms / 1000), non2xx: 0 });
  return [rate(spent[0]), rate(spent[1])];
}

/** p99 of commit → node subscriber, commit → cluster subscriber, and enqueue → job handler. */
async function deliveryLatency(server: Server): Promise<string> {
  const { deps } = server;
  const waiting = new Map<string, { kind: 'node' | 'cluster'; resolve: () => void }[]>();
  const arrived = (kind: 'node' | 'cluster', events: readonly StoredEvent[]) => {
    for (const event of events) {
      if (!('pinId' in event)) continue;
      for (const w of waiting.get(event.pinId) ?? []) if (w.kind === kind) w.resolve();
    }
  };
  await deps.events.onNode({
    name: 'bench node',
    types: ['pin.edited'],
    apply: (events) => {
      arrived('node', events);
    },
  });
  await deps.events.onCluster({
    name: 'bench cluster',
    types: ['pin.edited'],
    apply: (_trx, events) => {
      arrived('cluster', events);
      return Promise.resolve();
    },
  });
  const times = { node: [] as number[], cluster: [] as number[], queue: [] as number[] };
  for (let i = 0; i < DELIVERIES; i++) {
    const pinId = String(900_000 + i);
    const seen = (['node', 'cluster'] as const).map(
      (kind) =>
        new Promise<number>((resolve) => {
          waiting.set(pinId, [
            ...(waiting.get(pinId) ?? []),
            {
              kind,
              resolve: () => {
                resolve(performance.now());
              },
            },
          ]);
        }),
    );
    await transact(deps.db, (trx) => deps.events.record(trx, null, { type: 'pin.edited', pinId }));
    const committed = performance.now();
    const [node, cluster] = await Promise.all(seen);
    times.node.push((node ?? committed) - committed);
    times.cluster.push((cluster ?? committed) - committed);
    waiting.delete(pinId);
  }
  times.queue = await queueRoundTrips(server);
  const at = (list: number[], q: number) => [...list].sort((a, b) => a - b)[Math.floor(list.length * q)] ?? 0;
  const queue = at(times.queue, 0.99);
  const line = (label: string, list: number[]) =>
    `${label}: p99 ${at(list, 0.99).toFixed(2)} ms (p50 ${at(list, 0.5).toFixed(2)}) vs bare job queue round trip p99 ${queue.toFixed(2)} ms (p50 ${at(times.queue, 0.5).toFixed(2)}) = ${(at(list, 0.99) / queue).toFixed(2)} (target <= 2)`;
  return [line('Event commit to node subscriber', times.node), line('Event commit to cluster subscriber', times.cluster)].join('\n');
}

/** Enqueue → handler, one job at a time, through the same queue port the server uses. */
async function queueRoundTrips(server: Server): Promise<number[]> {
  const { queue } = server.deps.ports;
  let handled: (() => void) | null = null;
  const worker = queue.start({ handlers: { 'bench.ping': () => Promise.resolve(handled?.()) } });
  const times: number[] = [];
  try {
    for (let i = 0; i < DELIVERIES; i++) {
      const done = new Promise<void>((resolve) => (handled = resolve));
      const start = performance.now();
      await queue.enqueue({ type: 'bench.ping', payload: { i } });
      await done;
      times.push(performance.now() - start);
    }
  } finally {
    await worker.stop();
  }
  return times;
}

if (import.meta.main) process.stdout.write(`${await eventsBenchmark()}\n`);
