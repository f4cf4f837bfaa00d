import type { PortLog } from '../ports.ts';
import type { Worker, WorkerOptions } from './job-queue.ts';

/** A job a worker holds a lease on. `token` proves the lease when the worker reports back. */
export type ClaimedJob = {
  id: string;
  type: string;
  payload: unknown;
  attempt: number;
  maxAttempts: number;
  token: string;
};

/** What a queue's storage offers the worker loop; every call is atomic in the store. */
export type JobStore = {
  /** Leases up to `limit` due jobs of these types and counts the attempt. */
  claim(types: string[], limit: number): Promise<ClaimedJob[]>;
  /** Ends a job after success; false when its lease was lost to another worker. */
  complete(job: ClaimedJob): Promise<boolean>;
  /** Schedules a retry after `retryInMs`, or gives up when it is null. */
  fail(job: ClaimedJob, error: string, retryInMs: number | null): Promise<boolean>;
  /** Renews the leases of jobs still running. */
  extend(jobs: ClaimedJob[]): Promise<void>;
};

export type QueueSettings = {
  log: PortLog;
  /** How long a claimed job stays invisible to other workers without a heartbeat. */
  leaseMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
};

export const DEFAULT_MAX_ATTEMPTS = 10;
export const DEFAULT_LEASE_MS = 60_000;

const MAX_ERROR_LENGTH = 2000;

/** Exponential backoff with up to 25% added jitter, so failing jobs of one burst spread out. */
export function retryDelayMs(attempt: number, settings: QueueSettings): number {
  const base = settings.backoffBaseMs ?? 2000;
  const delay = Math.min(base * 2 ** (attempt - 1), settings.backoffMaxMs ?? 3_600_000);
  return Math.round(delay * (1 + Math.random() * 0.25));
}

/**
 * Runs jobs from a store: claims while it has free slots, sleeps `pollIntervalMs` when nothing is
 * due (or until a local enqueue or a finished job wakes it), and renews leases of running jobs.
 */
export function startWorker(store: JobStore, options: WorkerOptions, settings: QueueSettings): Worker & { wake(): void } {
  const { log } = settings;
  const types = Object.keys(options.handlers);
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const pollMs = options.pollIntervalMs ?? 1000;
  const leaseMs = settings.leaseMs ?? DEFAULT_LEASE_MS;
  const running = new Map<string, { job: ClaimedJob; done: Promise<void> }>();
  let stopped = false;
  let pendingWake = false;
  let wakeSleeper: (() => void) | null = null;

  const wake = () => {
    if (wakeSleeper) wakeSleeper();
    else pendingWake = true;
  };

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (pendingWake || stopped) {
        pendingWake = false;
        resolve();
        return;
      }
      const finish = () => {
        clearTimeout(timer);
        wakeSleeper = null;
        resolve();
      };
      const timer = setTimeout(finish, pollMs);
      wakeSleeper = finish;
    });

  async function run(job: ClaimedJob): Promise<void> {
    const handler = options.handlers[job.type];
    try {
      // Past maxAttempts only when a worker died during the last attempt: give up without running.
      if (job.attempt > job.maxAttempts) throw new Error('The worker running the last attempt stopped');
      if (!handler) throw new Error(`No handler for job type ${job.type}`);
      await handler(job.payload, { id: job.id, attempt: job.attempt });
    } catch (error) {
      await reportFailure(job, error);
      return;
    }
    const owned = await store.complete(job).catch((error: unknown) => {
      log.error({ err: error, jobId: job.id }, 'Could not mark a job done; it will run again');
      return true;
    });
    if (!owned) log.warn({ jobId: job.id, type: job.type }, 'A job outlived its lease; another worker owns it now');
  }

  async function reportFailure(job: ClaimedJob, error: unknown): Promise<void> {
    const giveUp = job.attempt >= job.maxAttempts;
    const message = (error instanceof Error ? (error.stack ?? error.message) : String(error)).slice(0, MAX_ERROR_LENGTH);
    const context = { err: error, jobId: job.id, type: job.type, attempt: job.attempt };
    if (giveUp) log.error(context, 'A job failed its last attempt');
    else log.warn(context, 'A job failed; retrying with backoff');
    await store.fail(job, message, giveUp ? null : retryDelayMs(job.attempt, settings)).catch((storeError: unknown) => {
      log.error({ err: storeError, jobId: job.id }, 'Could not record a job failure; its lease will expire');
    });
  }

  function launch(job: ClaimedJob): void {
    const done = run(job).finally(() => {
      running.delete(job.id);
      wake();
    });
    running.set(job.id, { job, done });
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      const free = concurrency - running.size;
      let claimed: ClaimedJob[] = [];
      if (free > 0 && types.length > 0) {
        try {
          claimed = await store.claim(shuffled(types), free);
        } catch (error) {
          log.error({ err: error }, 'Could not claim jobs');
        }
        for (const job of claimed) launch(job);
      }
      if (claimed.length === 0 || running.size >= concurrency) await sleep();
    }
  }

  const heartbeat = setInterval(
    () => {
      if (running.size === 0) return;
      store.extend([...running.values()].map((r) => r.job)).catch((error: unknown) => {
        log.warn({ err: error }, 'Could not renew job leases');
      });
    },
    Math.max(10, Math.floor(leaseMs / 3)),
  );
  const looping = loop();

  return {
    wake,
    async stop() {
      stopped = true;
      wake();
      await looping;
      await Promise.all([...running.values()].map((r) => r.done));
      clearInterval(heartbeat);
    },
  };
}

/** Claims start from a random type, so one busy type cannot starve the others. */
function shuffled(types: string[]): string[] {
  const start = Math.floor(Math.random() * types.length);
  return [...types.slice(start), ...types.slice(0, start)];
}

/** The workers one queue instance started: an enqueue here wakes them, close() stops them. */
export function workerPool(store: JobStore, settings: QueueSettings) {
  const workers = new Set<ReturnType<typeof startWorker>>();
  return {
    start(options: WorkerOptions): Worker {
      const worker = startWorker(store, options, settings);
      workers.add(worker);
      return {
        async stop() {
          await worker.stop();
          workers.delete(worker);
        },
      };
    },
    wakeAll(): void {
      for (const worker of workers) worker.wake();
    },
    async stopAll(): Promise<void> {
      await Promise.all([...workers].map((w) => w.stop()));
      workers.clear();
    },
  };
}
