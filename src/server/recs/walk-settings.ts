import type { PinBoardGraph } from './graph.ts';
import type { WalkOptions } from './walk.ts';

/**
 * The walk the related feed runs (measured in bench/recommender.ts, docs/decisions/0017):
 * at most 50,000 steps, walks of 3 hops on average, stopped early once 60 pins have 35 visits;
 * leaving a board of 32 saves or more, 30% of hops drawn from the newer half of its saves.
 */
export const RELATED_WALK = {
  steps: 50_000,
  meanWalkLength: 3,
  earlyStop: { pins: 60, visits: 35 },
  recencyBias: 0.3,
} as const;

/**
 * Pruning thresholds follow the graph: a board is a hub when it holds 20 times the pins of an
 * average board (and at least 1,000), a pin is walked only through its newest boards beyond 20
 * times the average (and at least 100).
 */
export function walkOptionsFor(graph: PinBoardGraph): Omit<WalkOptions, 'seed'> {
  const edges = Math.max(1, graph.edges);
  return {
    ...RELATED_WALK,
    hubBoardDegree: Math.max(1000, Math.ceil((20 * edges) / Math.max(1, graph.boardCount))),
    maxPinDegree: Math.max(100, Math.ceil((20 * edges) / Math.max(1, graph.pinCount))),
  };
}
