import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db, Dialect } from './db/database.ts';
import type { WriteClock } from './db/write-clock.ts';
import type { Ports } from './ports/ports.ts';

/** What a service may reach: built once at boot, passed down explicitly. */
export type Deps = {
  config: Config;
  db: Db;
  dialect: Dialect;
  /** Advances with every commit that may change what a visitor reads. */
  writes: WriteClock;
  ports: Ports;
  log: FastifyBaseLogger;
};
