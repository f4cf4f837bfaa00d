import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { migrate, openDatabase } from './db/database.ts';
import { shareWriteClock } from './db/write-clock.ts';
import type { Deps, Replicas } from './deps.ts';
import { createEventBus } from './events/event-bus.ts';
import { NextLists } from './feeds/home-next.ts';
import { createLiveHub } from './live/live-hub.ts';
import { findMediaTools } from './media/ffmpeg.ts';
import { createMediaViewCache } from './media/media-views.ts';
import { createPorts } from './ports/create-ports.ts';
import { createRecommender } from './recs/recommender.ts';
import { createPinPostingsReplica } from './search/pin-postings-replica.ts';
import { createRecentSearchWrites } from './search/recent-search-writes.ts';
import { subscribe } from './subscriptions.ts';
import { createVisualIndex } from './visual/visual-index.ts';
import { ensureVisualVectors } from './visual/visual-vectors.repo.ts';

export type Server = { app: FastifyInstance; deps: Deps; close(): Promise<void> };

export function createLogger(config: Config): FastifyBaseLogger {
  return pino({ level: config.logLevel });
}

export type ServerOptions = {
  /** Serve reads from this node's replicas (serving nodes); a dedicated worker holds none. */
  serves?: boolean;
  /** Hold the recommender's graph (on by default for serving nodes; a search benchmark goes without). */
  recommends?: boolean;
  /** Apply the cluster's event subscribers (nodes that run jobs); a web-only node leaves them to the workers. */
  works?: boolean;
};

/**
 * The composition root: opens the database (migrated), the ports, the event log and this node's
 * replicas, wires the replicas to the events they follow, and builds the HTTP app. Replicas build
 * in the background (requests that need one wait for it). close() releases everything, last
 * opened first; a start that fails part way releases what it had opened before it throws.
 */
export async function createServer(config: Config, log: FastifyBaseLogger = createLogger(config), options: ServerOptions = {}): Promise<Server> {
  const handle = openDatabase(config.database);
  const opened: (() => Promise<void>)[] = [() => handle.db.destroy()];
  try {
    await migrate(handle);
    // Before anything answers: a missing pgvector stops the start with the reason.
    if (config.visualSearch.index === 'pgvector') await ensureVisualVectors(handle.db);
    const ports = await createPorts(config, handle, log);
    opened.unshift(() => ports.close());
    opened.unshift(await shareWriteClock(handle.writes, ports.pubsub, randomUUID()));
    const events = createEventBus({ ...handle, log, cluster: options.works !== false });
    opened.unshift(() => events.close());
    const base = { config, db: handle.db, dialect: handle.dialect, writes: handle.writes, ports, log, events, mediaTools: findMediaTools() };
    const replicas = createReplicas(base, options);
    opened.unshift(() => closeReplicas(replicas));
    const deps: Deps = { ...base, replicas };
    await subscribe(deps);
    const app = await buildApp(deps);
    opened.unshift(() => app.close());
    events.start();
    startReplicas(deps);
    return { app, deps, close: () => closeAll(opened) };
  } catch (error) {
    await closeAll(opened).catch((closing: unknown) => {
      log.error({ err: closing }, 'A failed start could not release everything it had opened');
    });
    throw error;
  }
}

function createReplicas(deps: Omit<Deps, 'replicas'>, options: ServerOptions): Replicas {
  const serves = options.serves !== false;
  return {
    recommender: serves && options.recommends !== false ? createRecommender(deps) : null,
    visualIndex: serves ? createVisualIndex(deps) : null,
    pinPostings: serves ? createPinPostingsReplica(deps) : null,
    nextLists: new NextLists(deps.log),
    mediaViews: createMediaViewCache(),
    recentSearches: createRecentSearchWrites(),
    live: createLiveHub(deps.db),
  };
}

/** Built in the background: the requests that need a replica wait for it, nothing else does. */
function startReplicas({ replicas, log }: Deps): void {
  const starts = [
    ['The recommender graph', replicas.recommender],
    ['The visual index', replicas.visualIndex],
    ['The search postings', replicas.pinPostings],
  ] as const;
  for (const [name, replica] of starts) {
    replica?.start().catch((error: unknown) => {
      log.error({ err: error }, `${name} could not be built`);
    });
  }
}

/** Background builds read the database: each finishes before the database closes. */
async function closeReplicas(replicas: Replicas): Promise<void> {
  await replicas.nextLists.close();
  await replicas.recentSearches.settled();
  await Promise.all([replicas.recommender?.close(), replicas.visualIndex?.close(), replicas.pinPostings?.close()]);
}

/** Last opened, first closed. */
async function closeAll(opened: readonly (() => Promise<void>)[]): Promise<void> {
  for (const close of opened) await close();
}
