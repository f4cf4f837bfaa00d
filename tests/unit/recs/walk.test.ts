import { describe, expect, it } from 'vitest';
import { createGraphBuilder } from '../../../src/server/recs/csr.ts';
import { PinBoardGraph } from '../../../src/server/recs/graph.ts';
import { pixieWalk, type WalkOptions } from '../../../src/server/recs/walk.ts';
import { themedGraph } from './themed-graph.ts';

const options: WalkOptions = { steps: 20_000, meanWalkLength: 3, earlyStop: null, recencyBias: 0.5, maxPinDegree: 1000, hubBoardDegree: 1000, seed: 1 };

const pin = (n: number) => String(1_000_000 + n);
const board = (n: number) => String(2_000_000 + n);

/** A graph from boards listed as [board, pins oldest save first]. */
function graphOf(boards: [number, number[]][]): PinBoardGraph {
  const builder = createGraphBuilder();
  for (const [b, pins] of boards) for (const p of pins) builder.addSaveIds(pin(p), board(b));
  return new PinBoardGraph(builder.build());
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('the Pixie walk', () => {
  const { graph } = themedGraph({ pins: 4000, boards: 600, saves: 12_000, themes: 10, noise: 0.1, hubs: 0, hubSize: 0, seed: 11 });

  it('is deterministic by seed', () => {
    const first = pixieWalk(graph, [{ pin: 5, weight: 1 }], { ...options, seed: 42 }, 50);
    const again = pixieWalk(graph, [{ pin: 5, weight: 1 }], { ...options, seed: 42 }, 50);
    const other = pixieWalk(graph, [{ pin: 5, weight: 1 }], { ...options, seed: 43 }, 50);
    expect(again).toEqual(first);
    expect(first.visits.length).toBe(50);
    expect(other.visits.map((v) => v.score)).not.toEqual(first.visits.map((v) => v.score));
  });

  it('stops early at the first step where n_p pins have n_v visits', () => {
    const earlyStop = { pins: 10, visits: 20 };
    const early = pixieWalk(graph, [{ pin: 5, weight: 1 }], { ...options, earlyStop }, 1000);
    expect(early.steps).toBeLessThan(options.steps / 2);
    const settled = (visits: { score: number }[]) => visits.filter((v) => v.score >= earlyStop.visits).length;
    expect(settled(early.visits)).toBe(earlyStop.pins);
    // The same seed without early stopping walks the same steps: one step fewer, not yet settled.
    const same = pixieWalk(graph, [{ pin: 5, weight: 1 }], { ...options, steps: early.steps }, 1000);
    expect(same.visits).toEqual(early.visits);
    const before = pixieWalk(graph, [{ pin: 5, weight: 1 }], { ...options, steps: early.steps - 1 }, 1000);
    expect(settled(before.visits)).toBe(earlyStop.pins - 1);
  });

  it('never counts the query pin itself', () => {
    const result = pixieWalk(graph, [{ pin: 5, weight: 1 }], options, 5000);
    expect(result.visits.map((v) => v.pin)).not.toContain(5);
  });
});

describe('pruning', () => {
  // Pin 0 is on a small board (1) with pins 1-9 and on a hub board (2) with pins 100-2099.
  const hubbed = graphOf([
    [1, range(0, 10)],
    [2, [0, ...range(100, 2100)]],
  ]);

  it('a hub board (more pins than the threshold) is never walked through', () => {
    const pruned = pixieWalk(hubbed, [{ pin: hubbed.pinIndex(pin(0)), weight: 1 }], { ...options, hubBoardDegree: 1000 }, 5000);
    expect(new Set(pruned.visits.map((v) => hubbed.boardId(v.via)))).toEqual(new Set([board(1)]));
    expect(pruned.visits).toHaveLength(9);
    const unpruned = pixieWalk(hubbed, [{ pin: hubbed.pinIndex(pin(0)), weight: 1 }], { ...options, hubBoardDegree: 5000 }, 5000);
    expect(unpruned.visits.some((v) => hubbed.boardId(v.via) === board(2))).toBe(true);
  });

  it('a pin on more boards than the threshold is left only through its newest ones', () => {
    // Pin 0 saved to boards 10..19 in that order; each board also holds one pin of its own.
    const fanned = graphOf(range(10, 20).map((b) => [b, [0, 100 + b]]));
    const result = pixieWalk(fanned, [{ pin: fanned.pinIndex(pin(0)), weight: 1 }], { ...options, maxPinDegree: 3 }, 100);
    expect(new Set(result.visits.map((v) => fanned.pinId(v.pin)))).toEqual(new Set([pin(117), pin(118), pin(119)]));
  });
});

describe('several query pins', () => {
  it('boost a pin reached from more than one of them above pins reached as often from one', () => {
    // X (pin 50) shares a board with each query; Y and Z share one board with one query each.
    const g = graphOf([
      [1, [1, 50, 60]],
      [2, [2, 50, 70]],
    ]);
    const queries = [pin(1), pin(2)].map((id) => ({ pin: g.pinIndex(id), weight: 1 }));
    const result = pixieWalk(g, queries, options, 10);
    expect(g.pinId(result.visits[0]?.pin ?? -1)).toBe(pin(50));
    expect(result.visits.map((v) => g.pinId(v.pin)).sort()).toEqual([pin(50), pin(60), pin(70)]);
  });

  it('share the steps by weight', () => {
    const g = graphOf([
      [1, [1, 10, 11]],
      [2, [2, 20, 21]],
    ]);
    const [one, two] = [pin(1), pin(2)].map((id) => g.pinIndex(id));
    const result = pixieWalk(
      g,
      [
        { pin: one ?? -1, weight: 3 },
        { pin: two ?? -1, weight: 1 },
      ],
      { ...options, meanWalkLength: 1 },
      10,
    );
    const score = (id: string) => result.visits.find((v) => g.pinId(v.pin) === id)?.score ?? 0;
    // Three times the steps, three times the visits (a pin reached from one query scores its visits).
    expect(score(pin(10)) / score(pin(20))).toBeGreaterThan(2.5);
    expect(score(pin(10)) / score(pin(20))).toBeLessThan(3.5);
  });
});

describe('the walk and the overlay', () => {
  it('walks a save made after the graph was built', () => {
    const g = graphOf([[1, [1, 2, 3]]]);
    g.setPinBoards(pin(99), [board(1)]);
    const result = pixieWalk(g, [{ pin: g.pinIndex(pin(1)), weight: 1 }], options, 10);
    expect(result.visits.map((v) => g.pinId(v.pin))).toContain(pin(99));
  });

  const halves = (size: number) => {
    const g = graphOf([[1, range(0, size)]]);
    const result = pixieWalk(g, [{ pin: g.pinIndex(pin(0)), weight: 1 }], { ...options, recencyBias: 0.8, meanWalkLength: 1 }, 200);
    const visitsOf = (from: number, to: number) =>
      result.visits.filter((v) => Number(g.pinId(v.pin)) - 1_000_000 >= from && Number(g.pinId(v.pin)) - 1_000_000 < to).reduce((n, v) => n + v.score, 0);
    return visitsOf(size / 2, size) / visitsOf(1, size / 2);
  };

  it('leaves a board with a history through its newer saves more often', () => {
    // 80% of draws from the newer half (pins 50-99) plus their share of the rest: 90% against 10%.
    expect(halves(100)).toBeGreaterThan(6);
  });

  it('leaves a board with a short history through any of its saves alike', () => {
    expect(halves(20)).toBeGreaterThan(0.8);
    expect(halves(20)).toBeLessThan(1.25);
  });
});
