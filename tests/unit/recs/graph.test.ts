import { describe, expect, it } from 'vitest';
import { createGraphBuilder, theoreticalCsrBytes } from '../../../src/server/recs/csr.ts';
import { PinBoardGraph } from '../../../src/server/recs/graph.ts';
import { createPrng, nextFloat, type Prng } from '../../../src/server/recs/prng.ts';

/**
 * The graph against the obvious model: two maps of id lists, newest save first. A pin's boards
 * replaced drop the pin from the boards it left and put it first on the boards it joined; the
 * same the other way round.
 */
class NaiveGraph {
  readonly boardsOf = new Map<string, string[]>();
  readonly pinsOf = new Map<string, string[]>();

  save(pin: string, board: string): void {
    this.boardsOf.set(pin, [board, ...(this.boardsOf.get(pin) ?? [])]);
    this.pinsOf.set(board, [pin, ...(this.pinsOf.get(board) ?? [])]);
  }

  setPinBoards(pin: string, boards: string[]): void {
    const before = this.boardsOf.get(pin) ?? [];
    this.boardsOf.set(pin, boards);
    for (const b of before)
      if (!boards.includes(b))
        this.pinsOf.set(
          b,
          (this.pinsOf.get(b) ?? []).filter((p) => p !== pin),
        );
    for (const b of boards) if (!before.includes(b)) this.pinsOf.set(b, [pin, ...(this.pinsOf.get(b) ?? [])]);
  }

  setBoardPins(board: string, pins: string[]): void {
    const before = this.pinsOf.get(board) ?? [];
    this.pinsOf.set(board, pins);
    for (const p of before)
      if (!pins.includes(p))
        this.boardsOf.set(
          p,
          (this.boardsOf.get(p) ?? []).filter((b) => b !== board),
        );
    for (const p of pins) if (!before.includes(p)) this.boardsOf.set(p, [board, ...(this.boardsOf.get(p) ?? [])]);
  }
}

const pinId = (n: number) => (9_000_000_000_000_000n + BigInt(n) * 7919n).toString();
const boardId = (n: number) => (8_000_000_000_000_000n + BigInt(n) * 104729n).toString();
const pick = (rng: Prng, n: number) => Math.floor(nextFloat(rng) * n);

function randomWorld(seed: number, pins: number, boards: number, saves: number) {
  const rng = createPrng(seed);
  const naive = new NaiveGraph();
  const builder = createGraphBuilder(8);
  const seen = new Set<string>();
  while (seen.size < saves) {
    const [p, b] = [pinId(pick(rng, pins)), boardId(pick(rng, boards))];
    if (seen.has(`${p}/${b}`)) continue;
    seen.add(`${p}/${b}`);
    naive.save(p, b);
    expect(builder.addSaveIds(p, b)).toBe(true);
  }
  return { rng, naive, graph: new PinBoardGraph(builder.build()) };
}

function expectSameGraph(graph: PinBoardGraph, naive: NaiveGraph): void {
  for (const [pin, boards] of naive.boardsOf) {
    const index = graph.pinIndex(pin);
    if (boards.length === 0 && index < 0) continue;
    expect(
      Array.from(graph.boardsOf(index), (b) => graph.boardId(b)),
      `boards of ${pin}`,
    ).toEqual(boards);
  }
  for (const [board, pins] of naive.pinsOf) {
    const index = graph.boardIndex(board);
    if (pins.length === 0 && index < 0) continue;
    expect(
      Array.from(graph.pinsOf(index), (p) => graph.pinId(p)),
      `pins of ${board}`,
    ).toEqual(pins);
  }
  const edges = [...naive.boardsOf.values()].reduce((n, boards) => n + boards.length, 0);
  expect(graph.edges).toBe(edges);
}

function randomChanges(world: ReturnType<typeof randomWorld>, count: number, pins: number, boards: number): void {
  const { rng, naive, graph } = world;
  for (let i = 0; i < count; i++) {
    // Some ids beyond the built ones: pins and boards that arrive after the CSR was built.
    if (nextFloat(rng) < 0.5) {
      const pin = pinId(pick(rng, pins * 1.2));
      const next = [...new Set(Array.from({ length: pick(rng, 4) }, () => boardId(pick(rng, boards * 1.2))))];
      naive.setPinBoards(pin, next);
      graph.setPinBoards(pin, next);
    } else {
      const board = boardId(pick(rng, boards * 1.2));
      const next = [...new Set(Array.from({ length: pick(rng, 6) }, () => pinId(pick(rng, pins * 1.2))))];
      naive.setBoardPins(board, next);
      graph.setBoardPins(board, next);
    }
  }
}

describe('the CSR graph', () => {
  it('built from saves, has the neighbours of a naive adjacency list, newest save first', () => {
    const { naive, graph } = randomWorld(1, 300, 60, 1500);
    expectSameGraph(graph, naive);
    expect(graph.pinCount).toBe(naive.boardsOf.size);
    expect(graph.boardCount).toBe(naive.pinsOf.size);
  });

  it('numbers nodes by id order, so an id is found by binary search', () => {
    const { graph } = randomWorld(2, 100, 20, 300);
    for (let p = 1; p < graph.pinCount; p++) expect(BigInt(graph.pinId(p - 1)) < BigInt(graph.pinId(p))).toBe(true);
    expect(graph.pinIndex('123')).toBe(-1);
  });

  it("with changes in its overlay, still has the naive list's neighbours", () => {
    const world = randomWorld(3, 300, 60, 1500);
    randomChanges(world, 400, 300, 60);
    expectSameGraph(world.graph, world.naive);
    expect(world.graph.overlayEntries).toBeGreaterThan(0);
  });

  it('compacted, has the same neighbours in the same order, with nodes left without saves dropped', () => {
    const world = randomWorld(4, 300, 60, 1500);
    randomChanges(world, 400, 300, 60);
    world.graph.compact();
    expect(world.graph.overlayEntries).toBe(0);
    expectSameGraph(world.graph, world.naive);
    const livePins = [...world.naive.boardsOf.values()].filter((boards) => boards.length > 0).length;
    expect(world.graph.pinCount).toBe(livePins);
    randomChanges(world, 200, 300, 60);
    expectSameGraph(world.graph, world.naive);
  });

  it('counts its memory against the bare CSR of the same graph', () => {
    const { graph } = randomWorld(5, 3000, 300, 20_000);
    const bare = theoreticalCsrBytes(graph.pinCount, graph.boardCount, graph.edges);
    // The bare CSR plus 8 bytes an id: well under 1.5 times at any realistic ratio of saves to nodes.
    expect(graph.memoryBytes()).toBe(bare + 8 * (graph.pinCount + graph.boardCount));
  });
});
