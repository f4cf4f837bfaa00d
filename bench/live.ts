import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Actor } from '../src/server/access/actor.ts';
import { loadConfig } from '../src/server/config.ts';
import { newId } from '../src/server/db/ids.ts';
import { startConversation } from '../src/server/messages/conversation-start.service.ts';
import { sendMessage } from '../src/server/messages/message-send.service.ts';
import { createServer } from '../src/server/server.ts';
import { followUser } from '../src/server/social/follows.service.ts';
import { createClient } from '../tests/support/app.ts';
import { openLiveStream, type LiveReader } from '../tests/support/live-stream.ts';

/**
 * Live delivery (docs/decisions/0049-member-log-and-messages.md), embedded (SQLite, in-process
 * pub/sub), against baselines of the same run:
 *
 * - send to display: a message sent by one member (the service: checks, the durable commit, the
 *   log entry) until it is read off the other member's open stream, against a bare round trip of
 *   the cache port's pub/sub: p99s;
 * - memory: 1,000 streams open on the node (heap and buffers, the readers in the same process
 *   included, so an upper bound) against the node before.
 *
 * Asserts nothing. Run alone with `node bench/live.ts`, or from the bench runner.
 */

const SAMPLES = 500;
const STREAMS = 1000;

export async function liveBenchmark(): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-bench-live-'));
  const server = await createServer(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO: 'off', LIVE_HEARTBEAT_MS: '60000' }));
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  try {
    const send = await sendToDisplay(server, url);
    const pubsub = await pubsubRoundTrips(server);
    const memory = await streamsMemory(server, url);
    return [
      p99Line('Send to display on the other member’s open stream vs a bare pub/sub round trip (embedded)', send, pubsub, '<= 3'),
      `${String(STREAMS)} open live streams on one node: ${memory.toFixed(1)} MB (heap and buffers, readers included; target <= 64 MB)`,
    ];
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

type Server = Awaited<ReturnType<typeof createServer>>;

let signups = 0;

async function member(server: Server, name: string): Promise<{ actor: Actor; jar: Map<string, string>; id: string }> {
  // Each member from their own address: sign-up is limited per address.
  signups += 1;
  const client = createClient(server.app, `10.77.${String(Math.floor(signups / 250))}.${String(signups % 250)}`);
  const email = `${name}-${newId()}@example.com`;
  await client.signUp(email);
  const { id } = await server.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { actor: { kind: 'member', userId: id, sessionIdHash: 'bench', limitedLogin: false, expiresAt: Date.now() + 86_400_000 }, jar: client.jar, id };
}

async function sendToDisplay(server: Server, url: string): Promise<number[]> {
  const ana = await member(server, 'ana');
  const ben = await member(server, 'ben');
  await followUser(server.deps, ben.actor, ana.id);
  const conversation = await startConversation(server.deps, ana.actor, { user_ids: [ben.id], emails: [], text: 'hi', client_id: crypto.randomUUID() });
  const stream = await openLiveStream(url, ben.jar, { after: 1 });
  const times: number[] = [];
  // The send limit allows 120 a member in ten minutes: senders take turns.
  const senders = [ana, ...(await Promise.all(Array.from({ length: 5 }, (_, i) => member(server, `s${String(i)}`))))];
  const conversations = [conversation.id];
  for (const sender of senders.slice(1)) {
    await followUser(server.deps, ben.actor, sender.id);
    conversations.push((await startConversation(server.deps, sender.actor, { user_ids: [ben.id], emails: [], text: 'hi', client_id: crypto.randomUUID() })).id);
  }
  await waitForCount(stream, senders.length - 1);
  for (let i = 0; i < SAMPLES; i += 1) {
    const index = i % senders.length;
    const before = stream.events.length;
    const started = performance.now();
    await sendMessage(server.deps, (senders[index] ?? ana).actor, conversations[index] ?? '', { text: `m${String(i)}`, client_id: crypto.randomUUID() });
    await waitForCount(stream, before + 1);
    times.push(performance.now() - started);
  }
  stream.close();
  return times;
}

async function waitForCount(stream: LiveReader, count: number): Promise<void> {
  while (stream.events.length < count) await new Promise((resolve) => setImmediate(resolve));
}

async function pubsubRoundTrips(server: Server): Promise<number[]> {
  const { pubsub } = server.deps.ports;
  let resolveNext: (() => void) | null = null;
  const unsubscribe = await pubsub.subscribe('bench:live', () => resolveNext?.());
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const started = performance.now();
    const heard = new Promise<void>((resolve) => (resolveNext = resolve));
    await pubsub.publish('bench:live', String(i));
    await heard;
    times.push(performance.now() - started);
  }
  await unsubscribe();
  return times;
}

async function streamsMemory(server: Server, url: string): Promise<number> {
  const members = await Promise.all(Array.from({ length: 20 }, (_, i) => member(server, `m${String(i)}`)));
  const used = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.external + m.arrayBuffers;
  };
  globalThis.gc?.();
  const before = used();
  const streams: LiveReader[] = [];
  for (let i = 0; i < STREAMS; i += 1) streams.push(await openLiveStream(url, (members[i % members.length] ?? members[0])?.jar ?? new Map()));
  await Promise.all(streams.map((s) => s.waitFor((e) => e.length > 0)));
  globalThis.gc?.();
  const after = used();
  if (server.deps.replicas.live.openCount !== STREAMS) throw new Error(`expected ${String(STREAMS)} open streams`);
  for (const stream of streams) stream.close();
  return (after - before) / 1024 / 1024;
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

function p99Line(name: string, subject: number[], baseline: number[], target: string): string {
  const [a, b] = [quantile(subject, 0.99), quantile(baseline, 0.99)];
  const [ma, mb] = [quantile(subject, 0.5), quantile(baseline, 0.5)];
  return `${name}: p99 ${a.toFixed(2)} ms vs baseline p99 ${b.toFixed(3)} ms = ratio ${(a / b).toFixed(1)} (target ${target}; medians ${ma.toFixed(2)} vs ${mb.toFixed(3)} ms)`;
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) process.stdout.write(`${(await liveBenchmark()).join('\n')}\n`);
