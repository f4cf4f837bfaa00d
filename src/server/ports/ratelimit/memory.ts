import { decide, decideNext } from './decide.ts';
import type { RateLimiter } from './rate-limiter.ts';

const SWEEP_EVERY_MS = 60_000;

/** Fixed windows in one process; a window starts at its first hit. */
export function createMemoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = Date.now() + SWEEP_EVERY_MS;

  // Keys come from client addresses and accounts; dropping ended windows keeps the map bounded.
  const sweep = (now: number) => {
    if (now < nextSweep) return;
    nextSweep = now + SWEEP_EVERY_MS;
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  };

  return {
    hit(key, limit, windowMs) {
      const now = Date.now();
      sweep(now);
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return Promise.resolve(decide(window.count, limit, window.resetAt - now));
    },
    peek(key, limit) {
      const now = Date.now();
      const window = windows.get(key);
      if (!window || window.resetAt <= now) return Promise.resolve(decideNext(0, limit, 0));
      return Promise.resolve(decideNext(window.count, limit, window.resetAt - now));
    },
    close() {
      windows.clear();
      return Promise.resolve();
    },
  };
}
