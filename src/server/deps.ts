import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db, Dialect } from './db/database.ts';
import type { WriteClock } from './db/write-clock.ts';
import type { EventBus } from './events/event-bus.ts';
import type { NextLists } from './feeds/home-next.ts';
import type { LiveHub } from './live/live-hub.ts';
import type { MediaTools } from './media/ffmpeg.ts';
import type { MediaViewCache } from './media/media-views.ts';
import type { Ports } from './ports/ports.ts';
import type { Recommender } from './recs/recommender.ts';
import type { PinPostingsReplica } from './search/pin-postings-replica.ts';
import type { RecentSearchWrites } from './search/recent-search-writes.ts';
import type { VisualIndex } from './visual/visual-index.ts';

/**
 * What this node keeps in memory of the database, made, started and closed with the server
 * (server.ts) and kept current by the event log (subscriptions.ts). A node that serves no
 * requests (a dedicated worker) holds none of the read replicas.
 */
export type Replicas = {
  recommender: Recommender | null;
  visualIndex: VisualIndex | null;
  pinPostings: PinPostingsReplica | null;
  nextLists: NextLists;
  /** The presented views of finished media, which never change (media/media-views.ts). */
  mediaViews: MediaViewCache;
  /** Members' recent searches being written by this node, in order per member (search/recent-search-writes.ts). */
  recentSearches: RecentSearchWrites;
  /** The members' live streams open on this node (live/live-hub.ts). */
  live: LiveHub;
};

/** What a service may reach: built once at boot, passed down explicitly. */
export type Deps = {
  config: Config;
  db: Db;
  dialect: Dialect;
  /** Advances with every commit that may change what a visitor reads. */
  writes: WriteClock;
  ports: Ports;
  log: FastifyBaseLogger;
  /** The event log: a service records the events of its change in the change's transaction. */
  events: EventBus;
  replicas: Replicas;
  /** The ffmpeg and ffprobe binaries the media pipeline runs. */
  mediaTools: MediaTools;
};
