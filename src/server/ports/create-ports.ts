import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { createDiskBlobStore } from './blob/disk.ts';
import { createS3BlobStore } from './blob/s3.ts';
import { createMemoryCache, createMemoryPubSub } from './cache/memory.ts';
import { createRedisCache, createRedisPubSub } from './cache/redis.ts';
import { createOutboxMailer } from './mail/outbox.ts';
import { createSmtpMailer } from './mail/smtp.ts';
import type { Ports } from './ports.ts';
import { createDatabaseQueue } from './queue/database.ts';
import { createRedisQueue } from './queue/redis.ts';
import { createMemoryRateLimiter } from './ratelimit/memory.ts';
import { createRedisRateLimiter } from './ratelimit/redis.ts';
import { createLibreTranslator } from './translate/libretranslate.ts';
import { createNoTranslator } from './translate/translator.ts';

/**
 * The embedded implementations unless the configuration names a service: with REDIS_URL the
 * queue, cache, pub/sub and rate limiter share one Redis connection (pub/sub adds its subscriber
 * connection); S3_* selects object storage; SMTP_URL selects SMTP; TRANSLATE_URL a translator.
 */
export async function createPorts(config: Config, handle: DatabaseHandle, log: FastifyBaseLogger): Promise<Ports & { close(): Promise<void> }> {
  const redis = config.redisUrl ? openRedis(config.redisUrl, log) : null;
  const prefix = config.redisPrefix;
  const ports: Ports = {
    blobs: config.blob.kind === 's3' ? createS3BlobStore(config.blob) : createDiskBlobStore(config.blob.dir),
    mail: config.mail.kind === 'smtp' ? createSmtpMailer(config.mail) : createOutboxMailer(config.mail),
    queue: redis ? createRedisQueue(redis, { log, prefix }) : createDatabaseQueue(handle, { log }),
    cache: redis ? createRedisCache(redis, prefix) : createMemoryCache(),
    pubsub: redis ? createRedisPubSub(redis, prefix, log) : createMemoryPubSub(log),
    rateLimiter: redis ? createRedisRateLimiter(redis, prefix) : createMemoryRateLimiter(),
    translator: config.translate ? createLibreTranslator(config.translate) : createNoTranslator(),
  };
  // Local folders are created (and proven writable) at boot; remote services report on /readyz.
  if (config.blob.kind === 'disk') await ports.blobs.ping();
  if (config.mail.kind === 'outbox') await ports.mail.ping();

  return {
    ...ports,
    async close() {
      // Workers first: a running job may still need every other port.
      await ports.queue.close();
      const { blobs, cache, pubsub, rateLimiter, mail } = ports;
      await Promise.all([blobs.close(), cache.close(), pubsub.close(), rateLimiter.close(), mail.close()]);
      if (redis) {
        await redis.quit().catch(() => {
          redis.disconnect();
        });
      }
    },
  };
}

function openRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url);
  // Without a listener ioredis prints every reconnect attempt; it reconnects on its own.
  redis.on('error', (error: unknown) => {
    log.warn({ err: error }, 'Redis connection error');
  });
  return redis;
}
