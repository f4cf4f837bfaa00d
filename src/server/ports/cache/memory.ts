import { EventEmitter } from 'node:events';
import type { PortLog } from '../ports.ts';
import type { Cache, PubSub } from './cache.ts';

type Entry = { value: string; expiresAt: number };

/**
 * A Map with expiry for one process. Expired entries are dropped when read; past `maxEntries` the
 * expired ones and then the least recently written are evicted, so memory stays bounded.
 */
export function createMemoryCache(options: { maxEntries?: number } = {}): Cache {
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();

  const read = (key: string): string | null => {
    const entry = entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt > Date.now()) return entry.value;
    entries.delete(key);
    return null;
  };

  const evict = () => {
    if (entries.size <= maxEntries) return;
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
    // Map iteration follows insertion order, and set() re-inserts, so the first keys are the oldest.
    for (const key of entries.keys()) {
      if (entries.size <= maxEntries) break;
      entries.delete(key);
    }
  };

  return {
    get: (key) => Promise.resolve(read(key)),
    set(key, value, ttlMs) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: Date.now() + Math.max(1, ttlMs) });
      evict();
      return Promise.resolve();
    },
    delete(key) {
      entries.delete(key);
      return Promise.resolve();
    },
    ping: () => Promise.resolve(),
    close() {
      entries.clear();
      return Promise.resolve();
    },
  };
}

/** Pub/sub within one process: there is no other process to reach when embedded. */
export function createMemoryPubSub(log: PortLog): PubSub {
  const bus = new EventEmitter();
  // Every open page may subscribe to live updates; the default cap of 10 would warn.
  bus.setMaxListeners(0);

  return {
    publish(channel, message) {
      // Delivered on a later tick, as Redis would, so a publisher never runs subscribers inline.
      setImmediate(() => bus.emit(channel, message));
      return Promise.resolve();
    },
    subscribe(channel, onMessage) {
      const listener = (message: string) => {
        try {
          onMessage(message);
        } catch (error) {
          log.error({ err: error, channel }, 'A pub/sub subscriber failed');
        }
      };
      bus.on(channel, listener);
      return Promise.resolve(() => {
        bus.off(channel, listener);
        return Promise.resolve();
      });
    },
    close() {
      bus.removeAllListeners();
      return Promise.resolve();
    },
  };
}
