import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { Actor } from '../src/server/access/actor.ts';
import { createBoard } from '../src/server/boards/boards.service.ts';
import { recountPinComments } from '../src/server/access/comment-hiding.repo.ts';
import { createComment } from '../src/server/comments/comments.service.ts';
import { loadConfig } from '../src/server/config.ts';
import { newId } from '../src/server/db/ids.ts';
import { jobHandlers } from '../src/server/jobs/handlers.ts';
import { ingestImage } from '../src/server/media/media.service.ts';
import { createPin } from '../src/server/pins/pins.service.ts';
import { createServer, type Server } from '../src/server/server.ts';
import { createClient, type TestClient } from '../tests/support/app.ts';
import { formatRatio } from './http.ts';
import { interleaved, saveTask } from './saves.ts';

/**
 * Comments (docs/decisions/0043-comments.md), each against a baseline of the same run, on one
 * SQLite server with durable commits:
 *
 * - reading: a pin with TOP_LEVEL comments and REPLIES replies; the first page of its comments
 *   (AggregatedCommentFeedResource, signed in, so no visitor cache) against one read of a pin
 *   (PinResource), and its 200th page against its first, one request of each in turn, the order
 *   turning each round: p99s;
 * - writing: comments written by WRITERS members at once (the service: access, mention and rate
 *   checks, the row, both counts, the event, one commit) against durable save-pin commits by as
 *   many savers, rounds alternating (bench/saves.ts).
 *
 * Asserts nothing. Run alone with `node bench/comments.ts`, or from the bench runner.
 */

const TOP_LEVEL = 10_000;
const REPLIES = 20_000;
const SAMPLES = 1000;
const DEEP_PAGE = 200;
const WRITERS = 16;
/** Members writing: the comment limit allows each 30 in ten minutes. */
const MEMBERS = 32;

export async function commentsBenchmark(): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-bench-comments-'));
  const server = await createServer(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO: 'off' }));
  const worker = server.deps.ports.queue.start({ handlers: jobHandlers(server.deps) });
  try {
    const { reader, pinId } = await pinWithThreads(server);
    const [first, pin, deep] = await readLatencies(reader, pinId);
    const comment = await commentTask(server, pinId);
    const save = await saveTask(server, 520);
    const [comments, saves] = await interleaved(comment, save, WRITERS);
    return [
      p99Line(`First page of comments on a pin with ${String(TOP_LEVEL)} comments and ${String(REPLIES)} replies vs one pin read`, first, pin, '<= 3'),
      p99Line(`Page ${String(DEEP_PAGE)} of those comments vs their first page`, deep, first, '<= 1.2'),
      formatRatio(`Comments written, ${String(WRITERS)} members at once, vs durable save-pin commits`, comments, saves, '>= 0.8'),
    ];
  } finally {
    await worker.stop();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function quantile(values: number[], q: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
}

/** The p99 ratio is the figure; the medians beside it show whether a p99 is the call's own or a burst of the machine's. */
function p99Line(name: string, subject: number[], baseline: number[], target: string): string {
  const [a, b] = [quantile(subject, 0.99), quantile(baseline, 0.99)];
  const [ma, mb] = [quantile(subject, 0.5), quantile(baseline, 0.5)];
  return `${name}: p99 ${a.toFixed(2)} ms vs baseline p99 ${b.toFixed(2)} ms = ratio ${(a / b).toFixed(2)} (target ${target}; medians ${ma.toFixed(2)} vs ${mb.toFixed(2)} ms)`;
}

/** A member's public pin whose threads are seeded in bulk (not measured): every top comment before the last REPLIES/2 has two replies. */
async function pinWithThreads(server: Server): Promise<{ reader: TestClient; pinId: string }> {
  const { deps } = server;
  const reader = createClient(server.app);
  await reader.signUp('comments-bench@example.com');
  const { id: userId } = await deps.db.selectFrom('users').select('id').where('email', '=', 'comments-bench@example.com').executeTakeFirstOrThrow();
  const actor: Actor = { kind: 'token', userId, tokenId: 'bench', scopes: ['pins:write', 'boards:write'] };
  const png = await sharp({ create: { width: 64, height: 96, channels: 3, background: '#a04000' } })
    .png()
    .toBuffer();
  const media = await ingestImage(deps, actor, png, { inline: true });
  const board = await createBoard(deps, actor, { name: 'Talked about', privacy: 'public' });
  const { pin } = await createPin(deps, actor, { board_id: board.id, media_id: media.id, title: 'Much discussed' });
  const start = Date.now() - 3_600_000;
  const tops = Array.from({ length: TOP_LEVEL }, (_, i) => ({ id: newId(), created_at: start + i * 10 }));
  const replies = tops.slice(0, REPLIES / 2).flatMap((top) => [1, 2].map((n) => ({ id: newId(), parent_id: top.id, created_at: top.created_at + n })));
  const rows = [...tops.map((t) => ({ ...t, parent_id: null as string | null })), ...replies].map((r) => ({
    ...r,
    pin_id: pin.id,
    user_id: userId,
    text: `Comment ${r.id}`,
    tags: '[]',
    updated_at: r.created_at,
  }));
  await deps.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('comments')
        .values(rows.slice(i, i + 500))
        .execute();
  });
  await recountPinComments(deps.db, pin.id);
  await sql`analyze`.execute(deps.db);
  return { reader, pinId: pin.id };
}

/** Latencies of the first page, a pin read and the DEEP_PAGE-th page, one of each in turn. */
async function readLatencies(reader: TestClient, pinId: string): Promise<[number[], number[], number[]]> {
  type Page = { resource_response: { data: unknown[]; bookmark: string | null } };
  const feed = (bookmark?: string) => reader.getResource('AggregatedCommentFeedResource', { pin_id: pinId, ...(bookmark ? { bookmark } : {}) });
  let bookmark: string | undefined;
  for (let page = 1; page < DEEP_PAGE; page++) {
    const answer = (await feed(bookmark)).json<Page>().resource_response;
    if (answer.data.length === 0 || !answer.bookmark) throw new Error(`the feed ended at page ${String(page)}`);
    bookmark = answer.bookmark;
  }
  const deepBookmark = bookmark;
  const calls = [() => feed(), () => reader.getResource('PinResource', { id: pinId }), () => feed(deepBookmark)];
  for (let i = 0; i < 30; i++) for (const call of calls) await call();
  const times: [number[], number[], number[]] = [[], [], []];
  // The order turns each round, so no call always runs right after the same other one (whose
  // work left for after its answer, a deferred write or a collection, would land on it alone).
  for (let i = 0; i < SAMPLES; i++) {
    for (let k = 0; k < calls.length; k++) {
      const slot = (i + k) % calls.length;
      const started = performance.now();
      const answer = await (calls[slot] as () => ReturnType<typeof feed>)();
      times[slot as 0 | 1 | 2].push(performance.now() - started);
      if (answer.statusCode !== 200) throw new Error(`a read answered ${String(answer.statusCode)}`);
    }
  }
  return times;
}

/** MEMBERS members, each signed up from an address of their own, and a task that writes the next comment as the next of them. */
async function commentTask(server: Server, pinId: string): Promise<() => Promise<unknown>> {
  const actors: Actor[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const email = `writer${String(i)}@example.com`;
    await createClient(server.app, `10.9.${String(i)}.1`).signUp(email);
    const { id } = await server.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    actors.push({ kind: 'member', userId: id, sessionIdHash: `bench-${id}`, limitedLogin: false, expiresAt: Date.now() + 86_400_000 });
  }
  let written = 0;
  return () => {
    written += 1;
    const actor = actors[written % actors.length];
    if (!actor) throw new Error('no writer');
    return createComment(server.deps, actor, { pin_id: pinId, text: `Tried this with rye flour, number ${String(written)}` });
  };
}

if (import.meta.main) process.stdout.write(`${(await commentsBenchmark()).join('\n')}\n`);
