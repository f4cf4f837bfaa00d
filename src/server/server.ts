import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { randomUUID } from 'node:crypto';
import { migrate, openDatabase } from './db/database.ts';
import { shareWriteClock } from './db/write-clock.ts';
import type { Deps } from './deps.ts';
import { createPorts } from './ports/create-ports.ts';

export type Server = { app: FastifyInstance; deps: Deps; close(): Promise<void> };

export function createLogger(config: Config): FastifyBaseLogger {
  return pino({ level: config.logLevel });
}

/** Opens the database (migrated), the ports and the HTTP app; close() releases all of them. */
export async function createServer(config: Config, log: FastifyBaseLogger = createLogger(config)): Promise<Server> {
  const handle = openDatabase(config.database);
  await migrate(handle);
  const ports = await createPorts(config, handle, log);
  const stopSharing = await shareWriteClock(handle.writes, ports.pubsub, randomUUID());
  const deps: Deps = { config, db: handle.db, dialect: handle.dialect, writes: handle.writes, ports, log };
  const app = await buildApp(deps);
  return {
    app,
    deps,
    close: async () => {
      await app.close();
      await stopSharing();
      await ports.close();
      await handle.db.destroy();
    },
  };
}
