import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { randomUUID } from 'node:crypto';
import { migrate, openDatabase } from './db/database.ts';
import { shareWriteClock } from './db/write-clock.ts';
import { closeNextLists } from './feeds/home-next.ts';
import { createRecommender } from './recs/recommender.ts';
import type { Deps } from './deps.ts';
import { createPorts } from './ports/create-ports.ts';

export type Server = { app: FastifyInstance; deps: Deps; close(): Promise<void> };

export function createLogger(config: Config): FastifyBaseLogger {
  return pino({ level: config.logLevel });
}

export type ServerOptions = {
  /** Hold a replica of the recommender's graph (serving nodes); a dedicated worker does not. */
  recommends?: boolean;
};

/**
 * Opens the database (migrated), the ports and the HTTP app; close() releases all of them. A start
 * that fails part way releases what it had opened before it throws.
 */
export async function createServer(config: Config, log: FastifyBaseLogger = createLogger(config), options: ServerOptions = {}): Promise<Server> {
  const handle = openDatabase(config.database);
  const opened: (() => Promise<void>)[] = [() => handle.db.destroy()];
  try {
    await migrate(handle);
    const ports = await createPorts(config, handle, log);
    opened.unshift(() => ports.close());
    const stopSharing = await shareWriteClock(handle.writes, ports.pubsub, randomUUID());
    opened.unshift(stopSharing);
    const deps: Deps = { config, db: handle.db, dialect: handle.dialect, writes: handle.writes, ports, log };
    const app = await buildApp(deps);
    const recommender = options.recommends === false ? null : createRecommender(deps);
    // Built in the background: related-pin requests wait for it, nothing else does.
    recommender?.start().catch((error: unknown) => {
      log.error({ err: error }, 'The recommender graph could not be built');
    });
    return {
      app,
      deps,
      close: async () => {
        await app.close();
        // Background builds read the database and the graph: they finish before either closes.
        await closeNextLists(deps);
        await recommender?.close();
        await closeAll(opened);
      },
    };
  } catch (error) {
    await closeAll(opened).catch((closing: unknown) => {
      log.error({ err: closing }, 'A failed start could not release everything it had opened');
    });
    throw error;
  }
}

/** Last opened, first closed. */
async function closeAll(opened: readonly (() => Promise<void>)[]): Promise<void> {
  for (const close of opened) await close();
}
