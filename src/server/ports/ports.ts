import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from './blob/blob-store.ts';
import type { Cache, PubSub } from './cache/cache.ts';
import type { Mailer } from './mail/mailer.ts';
import type { JobQueue } from './queue/job-queue.ts';
import type { RateLimiter } from './ratelimit/rate-limiter.ts';
import type { Translator } from './translate/translator.ts';

/** Every piece of infrastructure the services use, each behind its own small interface. */
export type Ports = {
  blobs: BlobStore;
  queue: JobQueue;
  cache: Cache;
  pubsub: PubSub;
  rateLimiter: RateLimiter;
  mail: Mailer;
  translator: Translator;
};

/** The part of the logger the ports use to report failures they recover from. */
export type PortLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;
