import { LRUCache } from 'lru-cache';
import type { WriteClock } from '../db/write-clock.ts';

/**
 * The bytes of answers that are the same for every visitor (a public board's pins, read signed
 * out), kept per request key. Each entry remembers the write clock's generation read before it
 * was made, and is served only while the clock still reads it: any commit that may change content
 * makes every entry stale, so no entry needs to know what it depends on. A commit of another
 * process reaches this one by pub/sub; the time to live bounds a lost message
 * (docs/decisions/0016-visitor-cache.md).
 */
export type VisitorCache = {
  /** The kept answer for `key`, or a new one from `make`, kept unless `keep` says no (a failure). */
  answer(key: string, make: () => Promise<string>, keep?: (body: string) => boolean): Promise<string>;
};

export type VisitorCacheLimits = { maxBytes: number; ttlMs: number };

export const VISITOR_CACHE_LIMITS: VisitorCacheLimits = { maxBytes: 32 * 1024 * 1024, ttlMs: 60_000 };

type Entry = { generation: number; body: string };

export function createVisitorCache(clock: WriteClock, limits: VisitorCacheLimits = VISITOR_CACHE_LIMITS): VisitorCache {
  const entries = new LRUCache<string, Entry>({
    maxSize: limits.maxBytes,
    // UTF-16 code units: close enough to bytes for a bound on memory.
    sizeCalculation: (entry, key) => entry.body.length + key.length,
    ttl: limits.ttlMs,
  });
  return {
    async answer(key, make, keep = () => true) {
      const generation = clock.generation;
      const entry = entries.get(key);
      if (entry?.generation === generation) return entry.body;
      const body = await make();
      // Filed under the generation read before making it: a commit meanwhile makes it stale at once.
      if (keep(body)) entries.set(key, { generation, body });
      return body;
    },
  };
}
