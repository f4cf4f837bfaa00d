/** Waits before each retry: initial, then doubling (500, 1000, 2000 ms for chunk loading). */
export function retryDelays(retries: number, initialMs: number): number[] {
  return Array.from({ length: retries }, (_, i) => initialMs * 2 ** i);
}

export type Sleep = (ms: number) => Promise<void>;

const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt(n)` once, then up to `retries` more times after growing pauses. `attempt`
 * receives the try number so a retry can bust a cached failure.
 */
export async function withRetries<T>(
  attempt: (tryNumber: number) => Promise<T>,
  options: { retries: number; initialMs: number; shouldRetry?: (error: unknown) => boolean; sleep?: Sleep },
): Promise<T> {
  const delays = retryDelays(options.retries, options.initialMs);
  const sleep = options.sleep ?? realSleep;
  for (let tryNumber = 0; ; tryNumber++) {
    try {
      return await attempt(tryNumber);
    } catch (error) {
      const delay = delays[tryNumber];
      if (delay === undefined || (options.shouldRetry && !options.shouldRetry(error))) throw error;
      await sleep(delay);
    }
  }
}
