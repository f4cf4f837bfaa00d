import type { Redis } from 'ioredis';
import type { PortLog } from '../ports.ts';
import type { Cache, PubSub } from './cache.ts';

/** Cache entries as Redis strings under `<prefix>cache:`, expiring by PX. */
export function createRedisCache(redis: Redis, prefix: string): Cache {
  const k = (key: string) => `${prefix}cache:${key}`;
  return {
    async get(key) {
      return redis.get(k(key));
    },
    async set(key, value, ttlMs) {
      await redis.set(k(key), value, 'PX', Math.max(1, Math.ceil(ttlMs)));
    },
    async delete(key) {
      await redis.del(k(key));
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      // The connection is shared with the other Redis ports; its owner closes it.
    },
  };
}

type Channel = { handlers: Set<(message: string) => void>; ready: Promise<unknown> };

/**
 * Pub/sub over Redis channels under `<prefix>pubsub:`. A connection in subscriber mode can send
 * nothing else, so subscriptions get their own duplicate of the shared connection, opened on the
 * first subscribe. Each channel is subscribed once however many local handlers it has.
 */
export function createRedisPubSub(redis: Redis, prefix: string, log: PortLog): PubSub {
  const channelPrefix = `${prefix}pubsub:`;
  const channels = new Map<string, Channel>();
  let subscriber: Redis | null = null;

  const deliver = (fullChannel: string, message: string) => {
    const channel = fullChannel.slice(channelPrefix.length);
    for (const onMessage of channels.get(channel)?.handlers ?? []) {
      try {
        onMessage(message);
      } catch (error) {
        log.error({ err: error, channel }, 'A pub/sub subscriber failed');
      }
    }
  };

  const connection = (): Redis => {
    if (subscriber) return subscriber;
    subscriber = redis.duplicate();
    subscriber.on('error', (error: unknown) => {
      log.warn({ err: error }, 'Redis subscriber connection error');
    });
    subscriber.on('message', deliver);
    return subscriber;
  };

  const open = (channel: string): Channel => {
    const existing = channels.get(channel);
    if (existing) return existing;
    const ready = connection()
      .subscribe(channelPrefix + channel)
      .catch((error: unknown) => {
        channels.delete(channel);
        throw error;
      });
    const created = { handlers: new Set<(message: string) => void>(), ready };
    channels.set(channel, created);
    return created;
  };

  return {
    async publish(channel, message) {
      await redis.publish(channelPrefix + channel, message);
    },

    async subscribe(channel, onMessage) {
      const entry = open(channel);
      entry.handlers.add(onMessage);
      // Resolves once Redis confirms, so a publish after subscribe() is delivered.
      await entry.ready;
      return async () => {
        entry.handlers.delete(onMessage);
        if (entry.handlers.size > 0 || channels.get(channel) !== entry) return;
        channels.delete(channel);
        await subscriber?.unsubscribe(channelPrefix + channel);
      };
    },

    async close() {
      channels.clear();
      const current = subscriber;
      subscriber = null;
      if (!current) return;
      await current.quit().catch(() => {
        current.disconnect();
      });
    },
  };
}
