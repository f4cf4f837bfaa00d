export type JobRequest = {
  type: string;
  payload: unknown;
  /** A second enqueue with the same key while the first is pending is ignored. */
  dedupeKey?: string;
  /** Epoch ms; defaults to now. */
  runAt?: number;
  maxAttempts?: number;
};

export type JobHandler = (payload: unknown, job: { id: string; attempt: number }) => Promise<void>;

export type WorkerOptions = {
  handlers: Record<string, JobHandler>;
  /** How many jobs one process runs at once. */
  concurrency?: number;
  pollIntervalMs?: number;
};

export type Worker = { stop(): Promise<void> };

/**
 * Typed, idempotent jobs retried with exponential backoff. Each job runs to success at most
 * once across every node; a job whose handler keeps failing stops after maxAttempts.
 */
export interface JobQueue {
  enqueue(job: JobRequest): Promise<void>;
  start(options: WorkerOptions): Worker;
  ping(): Promise<void>;
  close(): Promise<void>;
}
