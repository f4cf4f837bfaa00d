import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { createReplica } from '../replica/replica.ts';
import type { WalkCandidate } from './blend.ts';
import { PinBoardGraph } from './graph.ts';
import { loadGraph, publicBoardsOfPins, publicPinsOfBoards } from './graph.repo.ts';
import { createRankingCache, type RankingCache } from './ranking-cache.ts';
import { createWalkScratch, pixieWalk, type WalkOptions } from './walk.ts';
import { walkOptionsFor } from './walk-settings.ts';

/**
 * One replica of the pin–board graph per serving node, as Pixie runs. Built from the database at
 * start; kept current by re-reading the pins and boards a commit touched: this node's own commits
 * directly, other nodes' through the pub/sub port. Re-reading (rather than shipping edges around)
 * makes every change, from a save to a board going secret, the same idempotent operation, and a
 * message lost or applied twice harmless once the node next reads that pin or board.
 */
export type GraphChange = { pinIds?: readonly string[]; boardIds?: readonly string[] };

export type WalkSeed = { pinId: string; weight: number };

export type Recommender = {
  readonly graph: PinBoardGraph;
  readonly rankings: RankingCache;
  /** Builds the graph and starts following changes; registers this replica for its database. */
  start(): Promise<void>;
  /** Resolves once the graph is built (requests wait for it). */
  ready(): Promise<void>;
  /** Reads the whole graph again (after a restore, or to repair a replica). */
  rebuild(): Promise<void>;
  close(): Promise<void>;
  /** Queues a re-read of these pins' and boards' public saves. */
  refresh(change: GraphChange): void;
  /** Resolves once every change queued so far is in the graph. */
  settled(): Promise<void>;
  /** Pixie walks from weighted query pins: the `limit` best pins, with the board each was reached through. */
  walk(seeds: readonly WalkSeed[], limit: number, seed: number, options?: Partial<WalkOptions>): WalkCandidate[];
};

/** Where every node hears of graph changes: `{from, pinIds, boardIds}` after each commit (the visual index listens too). */
export const GRAPH_CHANNEL = 'corkboard:recs:graph';
/**
 * Overlay entries past which the overlay is folded into a new CSR: 20,000, or a tenth of the
 * saves on a large graph (compaction is linear in the graph: about 0.4 s at 10 million saves).
 */
const COMPACT_AT = 20_000;

const replicas = new WeakMap<Db, Recommender>();
const nodeIds = new WeakMap<Db, string>();

/** The replica serving this database in this process, if one was started. */
export function recommenderOf(deps: Pick<Deps, 'db'>): Recommender | undefined {
  return replicas.get(deps.db);
}

/**
 * The one call a service makes after a commit that changed saves (a save, unsave, move, pin
 * deletion: its pin; a board's privacy, deletion, a section's deletion: its board). The local
 * replica re-reads them; every other node hears of it. Never throws and never waits.
 */
export function graphChanged(deps: Pick<Deps, 'db' | 'ports' | 'log'>, change: GraphChange): void {
  const pinIds = [...(change.pinIds ?? [])];
  const boardIds = [...(change.boardIds ?? [])];
  if (pinIds.length + boardIds.length === 0) return;
  replicas.get(deps.db)?.refresh({ pinIds, boardIds });
  const message = JSON.stringify({ from: nodeIdOf(deps.db), pinIds, boardIds });
  deps.ports.pubsub.publish(GRAPH_CHANNEL, message).catch((error: unknown) => {
    deps.log.warn({ err: error }, 'Could not tell other nodes of a graph change');
  });
}

function nodeIdOf(db: Db): string {
  let id = nodeIds.get(db);
  if (!id) {
    id = randomUUID();
    nodeIds.set(db, id);
  }
  return id;
}

const Id = z.string().regex(/^\d{1,20}$/);
const ChangeMessage = z.object({ from: z.string().max(100), pinIds: z.array(Id).max(10_000), boardIds: z.array(Id).max(10_000) });

export type RecommenderOptions = {
  /** Where the graph comes from: the database's public saves unless given (a benchmark's generated graph). */
  load?: (db: Db) => Promise<PinBoardGraph>;
};

export function createRecommender(deps: Pick<Deps, 'db' | 'ports' | 'log'>, options: RecommenderOptions = {}): Recommender {
  const load = options.load ?? loadGraph;
  let graph = PinBoardGraph.empty();
  const pending = { pins: new Set<string>(), boards: new Set<string>() };
  const scratch = createWalkScratch();
  const rankings = createRankingCache();

  const replica = createReplica(deps, GRAPH_CHANNEL, {
    name: 'graph',
    async build() {
      graph = await load(deps.db);
    },
    async apply() {
      const pinIds = [...pending.pins];
      const boardIds = [...pending.boards];
      pending.pins.clear();
      pending.boards.clear();
      const [pinsOfBoards, boardsOfPins] = await Promise.all([publicPinsOfBoards(deps.db, boardIds), publicBoardsOfPins(deps.db, pinIds)]);
      for (const id of boardIds) graph.setBoardPins(id, pinsOfBoards.get(id) ?? []);
      for (const id of pinIds) graph.setPinBoards(id, boardsOfPins.get(id) ?? []);
      if (graph.overlayEntries > Math.max(COMPACT_AT, graph.edges / 10)) graph.compact();
    },
    hasPending: () => pending.pins.size + pending.boards.size > 0,
    hear(message) {
      const parsed = ChangeMessage.safeParse(message);
      // This node's own changes reached its replica directly (graphChanged).
      if (parsed.success && parsed.data.from !== nodeIdOf(deps.db)) recommender.refresh(parsed.data);
      return parsed.success;
    },
  });

  const recommender: Recommender = {
    get graph() {
      return graph;
    },
    rankings,
    start() {
      if (replicas.has(deps.db)) return Promise.reject(new Error('A recommender already serves this database'));
      // Registered before anything awaits: a commit from now on reaches this replica's queue.
      replicas.set(deps.db, recommender);
      return replica.start();
    },
    ready: replica.ready,
    rebuild: replica.rebuild,
    async close() {
      if (replicas.get(deps.db) === recommender) replicas.delete(deps.db);
      await replica.close();
    },
    refresh(change) {
      for (const id of change.pinIds ?? []) pending.pins.add(id);
      for (const id of change.boardIds ?? []) pending.boards.add(id);
      // A burst of saves is read back in one go rather than one query each.
      replica.changed();
    },
    settled: replica.settled,
    walk(seeds, limit, seed, options = {}) {
      const queries = seeds.map((s) => ({ pin: graph.pinIndex(s.pinId), weight: s.weight })).filter((q) => q.pin >= 0);
      if (queries.length === 0) return [];
      const result = pixieWalk(graph, queries, { ...walkOptionsFor(graph), ...options, seed }, limit, scratch);
      // Numbers mean nothing once the graph changes: turn them into ids before anything awaits.
      return result.visits.map((v) => ({ pinId: graph.pinId(v.pin), walkScore: v.score, viaBoardId: graph.boardId(v.via) }));
    },
  };
  return recommender;
}
