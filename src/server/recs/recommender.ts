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
 * start; kept current by re-reading the pins and boards each event names (graph.subscriber.ts),
 * whichever node made the change. Re-reading (rather than shipping edges around) makes every
 * change, from a save to a board going secret, the same idempotent operation: an event applied
 * twice changes nothing.
 */
export type GraphChange = { pinIds?: readonly string[]; boardIds?: readonly string[] };

export type WalkSeed = { pinId: string; weight: number };

export type Recommender = {
  readonly graph: PinBoardGraph;
  readonly rankings: RankingCache;
  /** Builds the graph; changes queued meanwhile are applied after it. */
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

/**
 * Overlay entries past which the overlay is folded into a new CSR: 20,000, or a tenth of the
 * saves on a large graph (compaction is linear in the graph: about 0.4 s at 10 million saves).
 */
const COMPACT_AT = 20_000;

export type RecommenderOptions = {
  /** Where the graph comes from: the database's public saves unless given (a benchmark's generated graph). */
  load?: (db: Db) => Promise<PinBoardGraph>;
};

export function createRecommender(deps: Pick<Deps, 'db' | 'log'>, options: RecommenderOptions = {}): Recommender {
  const load = options.load ?? loadGraph;
  let graph = PinBoardGraph.empty();
  const pending = { pins: new Set<string>(), boards: new Set<string>() };
  const scratch = createWalkScratch();
  const rankings = createRankingCache();

  const replica = createReplica(deps, {
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
  });

  const recommender: Recommender = {
    get graph() {
      return graph;
    },
    rankings,
    start: replica.start,
    ready: replica.ready,
    rebuild: replica.rebuild,
    close: replica.close,
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
