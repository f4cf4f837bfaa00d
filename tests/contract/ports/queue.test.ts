import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JobHandler, JobQueue, Worker } from '../../../src/server/ports/queue/job-queue.ts';
import { spawnScript, type Child } from './support/child.ts';
import { queueKinds, type QueueBackend } from './support/queue-backends.ts';
import { createTestLog } from './support/test-log.ts';
import { sleep, waitFor } from './support/wait.ts';

/** Long enough for several polls, so a job that should not run would have run. */
const SETTLE_MS = 250;

/** A handler that only records what it was given. */
const recording =
  (record: (payload: unknown, job: { id: string; attempt: number }) => void): JobHandler =>
  (payload, job) =>
    // A throw in the executor rejects, as a throw in an async handler would.
    new Promise<void>((resolve) => {
      record(payload, job);
      resolve();
    });

describe.each(queueKinds)('JobQueue: $name', (kind) => {
  let backend: QueueBackend;
  let queue: JobQueue;
  const workers: Worker[] = [];
  const children: Child[] = [];

  // Each test uses its own job types, so workers of one test never take another's jobs.
  const newType = () => `job-${randomBytes(4).toString('hex')}`;
  const start = (on: JobQueue, handlers: Record<string, JobHandler>, concurrency = 1) => {
    const worker = on.start({ handlers, concurrency, pollIntervalMs: 20 });
    workers.push(worker);
    return worker;
  };

  beforeAll(async () => {
    backend = await kind.setup();
    queue = backend.open();
  });
  afterEach(async () => {
    await Promise.all(children.splice(0).map((c) => c.kill()));
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  });
  afterAll(async () => {
    await backend.teardown();
  });

  it('runs a job once with its payload and attempt number', async () => {
    const type = newType();
    const seen: { payload: unknown; attempt: number; id: string }[] = [];
    const handlers = { [type]: recording((payload, job) => seen.push({ payload, ...job })) };
    const payload = { pinId: 'p1', sizes: [236, 474], note: 'Crème brûlée ✓' };
    await queue.enqueue({ type, payload });
    start(queue, handlers);
    await waitFor('the job', () => seen.length === 1);
    start(backend.open(), handlers);
    await sleep(SETTLE_MS);
    expect(seen).toEqual([{ payload, attempt: 1, id: expect.any(String) as string }]);
  });

  it('does not run a job before its runAt', async () => {
    const type = newType();
    const runs: { payload: unknown; at: number }[] = [];
    const runAt = Date.now() + 300;
    await queue.enqueue({ type, payload: 'later', runAt });
    await queue.enqueue({ type, payload: 'now' });
    start(queue, { [type]: recording((payload) => runs.push({ payload, at: Date.now() })) });
    await waitFor('both jobs', () => runs.length === 2);
    expect(runs.map((r) => r.payload)).toEqual(['now', 'later']);
    expect(runs[1]?.at).toBeGreaterThanOrEqual(runAt);
  });

  it('ignores a dedupe key while its job is pending and accepts it again once done', async () => {
    const type = newType();
    const seen: unknown[] = [];
    await queue.enqueue({ type, payload: 1, dedupeKey: `${type}:board-1` });
    await backend.open().enqueue({ type, payload: 2, dedupeKey: `${type}:board-1` });
    await queue.enqueue({ type, payload: 3, dedupeKey: `${type}:board-2` });
    start(queue, { [type]: recording((payload) => seen.push(payload)) });
    await waitFor('two jobs', () => seen.length === 2);
    await sleep(SETTLE_MS);
    expect(seen.toSorted()).toEqual([1, 3]);

    await queue.enqueue({ type, payload: 4, dedupeKey: `${type}:board-1` });
    await waitFor('the job queued again', () => seen.includes(4));
  });

  it('retries a failing job with growing backoff, then succeeds exactly once', async () => {
    const type = newType();
    const base = 40;
    const retrying = backend.open({ backoffBaseMs: base, log: createTestLog() });
    const starts: number[] = [];
    const attempts: number[] = [];
    const failures: number[] = [];
    let successes = 0;
    await retrying.enqueue({ type, payload: null, maxAttempts: 5 });
    start(retrying, {
      [type]: recording((_payload, job) => {
        starts.push(Date.now());
        attempts.push(job.attempt);
        if (job.attempt < 3) {
          failures.push(Date.now());
          throw new Error(`flaky ${String(job.attempt)}`);
        }
        successes += 1;
      }),
    });
    await waitFor('the third attempt', () => successes === 1);
    await sleep(SETTLE_MS);
    expect(attempts).toEqual([1, 2, 3]);
    expect(successes).toBe(1);
    // Lower bounds only: a retry is never due before its backoff.
    expect((starts[1] ?? 0) - (failures[0] ?? 0)).toBeGreaterThanOrEqual(base);
    expect((starts[2] ?? 0) - (failures[1] ?? 0)).toBeGreaterThanOrEqual(2 * base);
  });

  it('gives up after maxAttempts and frees the dedupe key', async () => {
    const type = newType();
    const log = createTestLog();
    const failing = backend.open({ log });
    const attempts: number[] = [];
    await failing.enqueue({ type, payload: 'broken', maxAttempts: 3, dedupeKey: type });
    start(failing, {
      [type]: recording((payload, job) => {
        attempts.push(job.attempt);
        if (payload === 'broken') throw new Error('always fails');
      }),
    });
    await waitFor('three attempts', () => attempts.length === 3);
    await sleep(SETTLE_MS);
    expect(attempts).toEqual([1, 2, 3]);
    expect(log.warnings).toHaveLength(2);
    expect(log.errors).toEqual(['A job failed its last attempt']);

    await failing.enqueue({ type, payload: 'fixed', dedupeKey: type });
    await waitFor('the job queued again', () => attempts.length === 4);
  });

  it('runs each of 50 jobs exactly once with two queues competing', async () => {
    const type = newType();
    const [first, second] = [backend.open(), backend.open()];
    const runs = new Map<unknown, number>();
    const handler: JobHandler = async (payload) => {
      runs.set(payload, (runs.get(payload) ?? 0) + 1);
      await sleep(1);
    };
    for (let i = 0; i < 50; i++) await (i % 2 ? first : second).enqueue({ type, payload: i });
    start(first, { [type]: handler }, 4);
    start(second, { [type]: handler }, 4);
    await waitFor('50 jobs', () => runs.size === 50);
    await sleep(SETTLE_MS);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect([...runs.keys()].toSorted((a, b) => Number(a) - Number(b))).toEqual([...Array(50).keys()]);
  });

  it('leaves jobs it has no handler for to workers that have one', async () => {
    const [mine, theirs] = [newType(), newType()];
    const seen: string[] = [];
    await queue.enqueue({ type: theirs, payload: null });
    await queue.enqueue({ type: mine, payload: null });
    start(queue, { [mine]: recording(() => seen.push(mine)) });
    await waitFor('my job', () => seen.length === 1);
    await sleep(SETTLE_MS);
    start(backend.open(), { [theirs]: recording((_p, job) => seen.push(`${theirs}#${String(job.attempt)}`)) });
    await waitFor('their job', () => seen.length === 2);
    expect(seen).toEqual([mine, `${theirs}#1`]);
  });

  it('runs at most `concurrency` jobs at once and stop() waits for them', async () => {
    const type = newType();
    const { promise: gate, resolve: release } = Promise.withResolvers<undefined>();
    let running = 0;
    let peak = 0;
    let finished = 0;
    for (let i = 0; i < 6; i++) await queue.enqueue({ type, payload: i });
    const handler: JobHandler = async () => {
      running += 1;
      peak = Math.max(peak, running);
      await gate;
      running -= 1;
      finished += 1;
    };
    const worker = queue.start({ handlers: { [type]: handler }, concurrency: 3, pollIntervalMs: 20 });
    await waitFor('three running jobs', () => running === 3);
    await sleep(SETTLE_MS);
    expect(peak).toBe(3);

    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await sleep(50);
    expect(stopped).toBe(false);
    release(undefined);
    await stopping;
    expect(finished).toBe(3);

    start(queue, { [type]: handler }, 3);
    await waitFor('the other three jobs', () => finished === 6);
  });

  it('runs a job again after the process running it was killed', async () => {
    const type = newType();
    const child = spawnScript('./queue-crash-worker.ts', [...backend.childArgs, type]);
    children.push(child);
    await queue.enqueue({ type, payload: 'survives' });
    await child.waitForLines(1);
    expect(child.lines[0]).toBe('started 1');
    await child.kill();

    const attempts: number[] = [];
    start(queue, { [type]: recording((_p, job) => attempts.push(job.attempt)) });
    await waitFor('the job to run again', () => attempts.length === 1);
    await sleep(SETTLE_MS);
    expect(attempts).toEqual([2]);
  });

  it('answers ping', async () => {
    await expect(queue.ping()).resolves.toBeUndefined();
  });
});
