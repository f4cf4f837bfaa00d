import type { PinBoardGraph } from './graph.ts';
import { OFFSET_MASK, SUPERSEDED } from './graph-rows.ts';
import { createPrng, nextFloat, type Prng } from './prng.ts';
import { topByScore } from './top.ts';

/**
 * Pixie's random walk with restarts (Eksombatchai et al., "Pixie", WWW 2018). From a query pin:
 * take one of its boards, one of that board's pins, and so on for a walk of random length (mean
 * `meanWalkLength` hops), then restart at the query; count how often each pin is reached. Pins
 * reached often are the ones people who saved the query also saved, in boards like its boards.
 *
 * - **Bias towards a board's recent saves.** Rows are ordered newest save first (csr.ts); leaving
 *   a board with a history (`RECENT_ROW` saves or more), a hop draws from the newer half of its
 *   row with probability `recencyBias`. Boards drift from their first theme, and what a board
 *   holds now is what its owner means by it; fresh pins keep a related feed from serving the
 *   same old pins. A shorter board is current as a whole. It costs no memory and no extra
 *   memory access (the row is read anyway). It is mild on purpose: any bias on where in a row
 *   the walk goes weakens the signal of a pin reached along many paths, so it costs relevance
 *   (measured in docs/decisions/0017). Pixie biases by the user's language and topic; boards
 *   carry no such labels here.
 * - **Pruning.** A board holding more than `hubBoardDegree` pins (a catch-all board) is not
 *   walked through: the hop ends the walk, which restarts. A pin on more than `maxPinDegree`
 *   boards is left only through its newest ones, so a viral pin does not scatter the walk.
 * - **Early stopping.** The walk stops once `earlyStop.pins` pins have `earlyStop.visits` visits:
 *   the top of the ranking has settled, and further steps only refine its tail.
 * - **Several query pins** (weighted): each gets a share of the steps by its weight and by
 *   Pixie's degree scaling, walks on its own, and a pin's scores add up as (Σ √visits)², so a
 *   pin reached from several queries beats one reached as often from one (multi-hit boosting).
 */
export type WalkOptions = {
  /** The step budget over all query pins. */
  steps: number;
  meanWalkLength: number;
  earlyStop: { pins: number; visits: number } | null;
  recencyBias: number;
  maxPinDegree: number;
  hubBoardDegree: number;
  seed: number;
};

export type WalkQuery = { pin: number; weight: number };

/** A pin the walk reached: its score and the board it was first reached through. */
export type Visit = { pin: number; score: number; via: number };

export type WalkResult = { visits: Visit[]; steps: number };

/** Reusable per-pin counters, so a walk allocates nothing proportional to the graph. */
export type WalkScratch = { visits: Uint32Array; via: Uint32Array; boost: Float64Array; touched: Uint32Array; union: Uint32Array };

export function createWalkScratch(pins = 0, steps = 0): WalkScratch {
  return { visits: new Uint32Array(pins), via: new Uint32Array(pins), boost: new Float64Array(0), touched: new Uint32Array(steps), union: new Uint32Array(0) };
}

/** The `limit` best pins from the queries, query pins left out. */
export function pixieWalk(graph: PinBoardGraph, queries: readonly WalkQuery[], options: WalkOptions, limit: number, scratch = createWalkScratch()): WalkResult {
  fitScratch(scratch, graph.pinCount, options.steps, queries.length > 1);
  const rng = createPrng(options.seed);
  const shares = stepShares(graph, queries, options);
  const exclude = new Set(queries.map((q) => q.pin));
  if (queries.length === 1 && queries[0]) {
    const { touched, steps } = walkFrom(graph, queries[0].pin, shares[0] ?? 0, options, scratch, rng);
    const visits = topByScore(scratch.touched, touched, (p) => scratch.visits[p] ?? 0, limit, exclude).map((pin) => ({
      pin,
      score: scratch.visits[pin] ?? 0,
      via: scratch.via[pin] ?? 0,
    }));
    for (let i = 0; i < touched; i++) scratch.visits[scratch.touched[i] ?? 0] = 0;
    return { visits, steps };
  }
  let steps = 0;
  let unionCount = 0;
  queries.forEach((query, q) => {
    const walked = walkFrom(graph, query.pin, shares[q] ?? 0, options, scratch, rng);
    steps += walked.steps;
    for (let i = 0; i < walked.touched; i++) {
      const pin = scratch.touched[i] ?? 0;
      if ((scratch.boost[pin] ?? 0) === 0) scratch.union[unionCount++] = pin;
      scratch.boost[pin] = (scratch.boost[pin] ?? 0) + Math.sqrt(scratch.visits[pin] ?? 0);
      scratch.visits[pin] = 0;
    }
  });
  const score = (p: number) => (scratch.boost[p] ?? 0) ** 2;
  const visits = topByScore(scratch.union, unionCount, score, limit, exclude).map((pin) => ({ pin, score: score(pin), via: scratch.via[pin] ?? 0 }));
  for (let i = 0; i < unionCount; i++) scratch.boost[scratch.union[i] ?? 0] = 0;
  return { visits, steps };
}

/**
 * Each query's steps: its weight times Pixie's scaling s = d·(C − log d) of its degree d, so a
 * pin on more boards gets more steps (its neighbourhood is larger) but less than linearly.
 */
function stepShares(graph: PinBoardGraph, queries: readonly WalkQuery[], options: WalkOptions): number[] {
  const c = Math.log(options.maxPinDegree) + 1;
  const scaled = queries.map((q) => {
    const degree = Math.min(graph.boardsOf(q.pin).length, options.maxPinDegree);
    return degree === 0 ? 0 : Math.max(0, q.weight) * degree * (c - Math.log(degree));
  });
  const total = scaled.reduce((a, b) => a + b, 0);
  return scaled.map((s) => (total > 0 ? Math.floor((options.steps * s) / total) : 0));
}

function fitScratch(scratch: WalkScratch, pins: number, steps: number, several: boolean): void {
  if (scratch.visits.length < pins) {
    const size = Math.ceil(pins * 1.25) + 16;
    scratch.visits = new Uint32Array(size);
    scratch.via = new Uint32Array(size);
  }
  if (several && scratch.boost.length < scratch.visits.length) {
    scratch.boost = new Float64Array(scratch.visits.length);
    scratch.union = new Uint32Array(scratch.visits.length);
  }
  if (scratch.touched.length < steps) scratch.touched = new Uint32Array(steps);
}

/** A walk's length in hops: geometric with the given mean, at least one. */
function walkLength(rng: Prng, mean: number): number {
  if (mean <= 1) return 1;
  return 1 + Math.floor(Math.log(1 - nextFloat(rng)) / Math.log(1 - 1 / mean));
}

/** Saves a board needs before the recency bias applies to it. */
export const RECENT_ROW = 32;

/** A position in a row of `degree`, drawn from its newer half with probability `bias`. */
function pick(r: number, degree: number, bias: number): number {
  return r < bias ? Math.floor((r / bias) * ((degree + 1) >>> 1)) : Math.floor(((r - bias) / (1 - bias)) * degree);
}

/** A neighbour from an overlay row (a node that changed since the CSR was built), or -1. */
function pickOverlay(row: number[] | undefined, cap: number, r: number, bias: number): number {
  if (!row || row.length === 0) return -1;
  return row[pick(r, Math.min(row.length, cap), bias)] ?? -1;
}

/**
 * One query's walk. The hot loop: typed-array reads on the CSR; a row whose start offset carries
 * the overlay mark (or a node past the CSR) is read from the overlay instead. Visits are counted
 * in `scratch.visits`; `scratch.touched` lists the pins reached, in order of first visit.
 */
function walkFrom(
  graph: PinBoardGraph,
  query: number,
  budget: number,
  options: WalkOptions,
  scratch: WalkScratch,
  rng: Prng,
): { steps: number; touched: number } {
  const { pinOffsets, pinBoards, boardOffsets, boardPins } = graph.base;
  const { pinRows, boardRows, basePins, baseBoards } = graph;
  const { visits, via, touched } = scratch;
  const { maxPinDegree, hubBoardDegree, recencyBias: bias, meanWalkLength } = options;
  const enough = options.earlyStop?.visits ?? Infinity;
  const stopAt = options.earlyStop?.pins ?? Infinity;
  let steps = 0;
  let reached = 0;
  let settled = 0;
  while (steps < budget && settled < stopAt) {
    let pin = query;
    const length = walkLength(rng, meanWalkLength);
    for (let hop = 0; hop < length && steps < budget; hop++) {
      steps++;
      let board: number;
      const pinStart = pin < basePins ? (pinOffsets[pin] ?? 0) : SUPERSEDED;
      if (pinStart < SUPERSEDED) {
        const degree = Math.min(((pinOffsets[pin + 1] ?? 0) & OFFSET_MASK) - pinStart, maxPinDegree);
        if (degree === 0) break;
        board = pinBoards[pinStart + Math.floor(nextFloat(rng) * degree)] ?? 0;
      } else {
        board = pickOverlay(pinRows.get(pin), maxPinDegree, nextFloat(rng), 0);
        if (board < 0) break;
      }
      const boardStart = board < baseBoards ? (boardOffsets[board] ?? 0) : SUPERSEDED;
      if (boardStart < SUPERSEDED) {
        const degree = ((boardOffsets[board + 1] ?? 0) & OFFSET_MASK) - boardStart;
        if (degree === 0 || degree > hubBoardDegree) break;
        pin = boardPins[boardStart + pick(nextFloat(rng), degree, degree >= RECENT_ROW ? bias : 0)] ?? 0;
      } else {
        const row = boardRows.get(board);
        if (!row || row.length > hubBoardDegree) break;
        pin = pickOverlay(row, row.length, nextFloat(rng), row.length >= RECENT_ROW ? bias : 0);
        if (pin < 0) break;
      }
      // The query's own visits say nothing about what is related to it.
      if (pin === query) continue;
      const count = (visits[pin] ?? 0) + 1;
      visits[pin] = count;
      if (count === 1) {
        touched[reached++] = pin;
        via[pin] = board;
      }
      if (count === enough && ++settled >= stopAt) break;
    }
  }
  return { steps, touched: reached };
}
