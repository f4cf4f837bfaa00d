import { describe, expect, it } from 'vitest';
import { visualDistance } from '../../../src/server/media/features.ts';
import { createPrng } from '../../../src/server/recs/prng.ts';
import { PRODUCT, queryOf, type EntryFeatures } from '../../../src/server/visual/feature-table.ts';
import { createNeighbourGraph, type CandidateSource } from '../../../src/server/visual/neighbour-graph.ts';
import { NeighbourIndex } from '../../../src/server/visual/neighbour-index.ts';
import type { Neighbour } from '../../../src/server/visual/top-k.ts';
import { pictureWorld } from './generated-pictures.ts';

const world = pictureWorld(3000, 11);
const idOf = (i: number) => BigInt(5_000_000 + i);
const rng = createPrng(4);
const queries = Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? world.nearCopy(rng) : world.unseen(rng)));

/** An index that keeps the graphs it makes in `graphs`, holding the world's pictures (the products every third). */
function indexOfWorld(
  exactScanUpTo: number,
  graphs: CandidateSource[] = [],
  flagsOf: (i: number) => number = (i) => (i % 3 === 0 ? PRODUCT : 0),
): NeighbourIndex {
  const createGraph = () => {
    const graph = createNeighbourGraph();
    graphs.push(graph);
    return graph;
  };
  const index = new NeighbourIndex({ exactScanUpTo, createGraph });
  world.features.forEach((features, i) => {
    index.set(idOf(i), { features, flags: flagsOf(i) });
  });
  return index;
}

/** The same, whole: its graphs built. */
async function builtIndex(exactScanUpTo: number, graphs: CandidateSource[] = [], flagsOf?: (i: number) => number): Promise<NeighbourIndex> {
  const index = indexOfWorld(exactScanUpTo, graphs, flagsOf);
  await index.idle();
  return index;
}

function recall(found: readonly Neighbour[], exact: readonly Neighbour[]): number {
  const wanted = new Set(exact.map((n) => n.id));
  return found.filter((n) => wanted.has(n.id)).length / Math.max(1, exact.length);
}

describe('the visual index beyond its exact-scan size', () => {
  it('scans exactly up to the size and answers through a graph beyond it', async () => {
    const small = await builtIndex(world.features.length);
    expect([small.approximate(0), small.approximate(PRODUCT)]).toEqual([false, false]);
    const large = await builtIndex(500);
    expect([large.approximate(0), large.approximate(PRODUCT)]).toEqual([true, true]);
    const productsOnly = await builtIndex(1500);
    expect([productsOnly.approximate(0), productsOnly.approximate(PRODUCT)]).toEqual([true, false]);
  });

  it('asks the graph for candidates and ranks only those', async () => {
    const asked: number[] = [];
    const graphs: CandidateSource[] = [];
    const index = new NeighbourIndex({
      exactScanUpTo: 500,
      createGraph: () => {
        const graph = createNeighbourGraph();
        graphs.push(graph);
        // Gives only its first candidate: anything more in an answer came from elsewhere.
        const firstOnly: CandidateSource = {
          get size() {
            return graph.size;
          },
          put: (ids, vectors) => {
            graph.put(ids, vectors);
          },
          remove: (id) => {
            graph.remove(id);
          },
          candidates: (vector, count) => {
            asked.push(count);
            return graph.candidates(vector, count).subarray(0, 1);
          },
        };
        return firstOnly;
      },
    });
    world.features.forEach((features, i) => {
      index.set(idOf(i), { features, flags: 0 });
    });
    await index.idle();
    expect(graphs).toHaveLength(1);
    expect(graphs[0]?.size).toBe(world.features.length);
    const found = await index.nearest(queryOf(queries[0] ?? Buffer.alloc(0)), 10);
    expect(asked).toEqual([100]);
    expect(found).toHaveLength(1);
  });

  it('answers the exact scan’s top results, each with its exact distance', async () => {
    const index = await builtIndex(500);
    let total = 0;
    for (const features of queries) {
      const query = queryOf(features);
      const found = await index.nearest(query, 10);
      const exact = index.table.scan(query, 10);
      expect(found[0]).toEqual(exact[0]);
      for (const n of found) expect(n.distance).toBe(visualDistance(features, world.features[Number(n.id - idOf(0))] ?? Buffer.alloc(0)));
      total += recall(found, exact);
    }
    expect(total / queries.length).toBeGreaterThanOrEqual(0.98);
  });

  it('pages after a cursor in result order, never repeating, leaving out the excluded pin', async () => {
    const index = await builtIndex(500);
    const features = queries[0] ?? Buffer.alloc(0);
    const exclude = index.table.scan(queryOf(features), 1)[0]?.id ?? null;
    const paged: Neighbour[] = [];
    let after: Neighbour | null = null;
    for (let page = 0; page < 12; page++) {
      const batch = await index.nearest(queryOf(features), 25, { after, exclude });
      paged.push(...batch);
      after = batch.at(-1) ?? null;
    }
    const distances = paged.map((n) => n.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(new Set(paged.map((n) => n.id)).size).toBe(300);
    expect(paged.map((n) => n.id)).not.toContain(exclude);
    expect(recall(paged, index.table.scan(queryOf(features), 300, { exclude }))).toBeGreaterThanOrEqual(0.95);
  });

  it('keeps shopping searches to products', async () => {
    const index = await builtIndex(500);
    for (const features of queries.slice(0, 10)) {
      const query = queryOf(features);
      const found = await index.nearest(query, 20, { flags: PRODUCT });
      expect(found.every((n) => Number(n.id - idOf(0)) % 3 === 0)).toBe(true);
      expect(recall(found, index.table.scan(query, 20, { flags: PRODUCT }))).toBeGreaterThanOrEqual(0.9);
    }
  });
});

describe('changes reach the graph', () => {
  const query = queries[1] ?? Buffer.alloc(0);
  const twin: EntryFeatures = { features: query, flags: PRODUCT };

  it('sees an added picture, a replaced one and a removed one at once', async () => {
    const graphs: CandidateSource[] = [];
    const index = await builtIndex(500, graphs);
    const sizes = () => graphs.map((g) => g.size);
    expect(sizes()).toEqual([3000, 1000]);
    const added = idOf(99_999);
    index.set(added, twin);
    expect((await index.nearest(queryOf(query), 5))[0]).toEqual({ id: added, distance: 0 });
    expect((await index.nearest(queryOf(query), 5, { flags: PRODUCT }))[0]).toEqual({ id: added, distance: 0 });
    // No longer a product: gone from the products' graph, still in the other.
    index.set(added, { features: query, flags: 0 });
    expect((await index.nearest(queryOf(query), 5, { flags: PRODUCT })).map((n) => n.id)).not.toContain(added);
    expect((await index.nearest(queryOf(query), 5))[0]?.id).toBe(added);
    // An existing picture given the query's features is found by them.
    index.set(idOf(7), twin);
    expect((await index.nearest(queryOf(query), 2)).map((n) => n.id)).toEqual([added, idOf(7)]);
    expect(sizes()).toEqual([3001, 1001]);
    expect(index.delete(added)).toBe(true);
    expect(index.delete(idOf(7))).toBe(true);
    expect(sizes()).toEqual([2999, 1000]);
    const after = (await index.nearest(queryOf(query), 25)).map((n) => n.id);
    expect(after).not.toContain(added);
    expect(after).not.toContain(idOf(7));
    expect(index.approximate(0)).toBe(true);
  });

  it('holds what changed while the graph was being built, before and after the build reached it', async () => {
    const graphs: CandidateSource[] = [];
    const index = indexOfWorld(500, graphs, () => 0);
    // A batch or two in: the build has passed the first ids and not yet the last.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(graphs[0]?.size).toBeGreaterThan(4);
    expect(graphs[0]?.size).toBeLessThan(2990);
    expect(index.approximate(0)).toBe(false);
    const [early, late, appended] = [idOf(3), idOf(2990), idOf(10_000)];
    for (const id of [early, late, appended]) index.set(id, { features: query, flags: 0 });
    index.delete(idOf(4));
    index.delete(idOf(2991));
    await index.idle();
    expect(index.approximate(0)).toBe(true);
    const found = (await index.nearest(queryOf(query), 3)).map((n) => n.id);
    expect(found.sort()).toEqual([early, late, appended].sort());
    const nearDeleted = await index.nearest(queryOf(world.features[4] ?? Buffer.alloc(0)), 10);
    expect(nearDeleted.map((n) => n.id)).not.toContain(idOf(4));
  });

  it('lets the graph go once the pictures are back to half the exact-scan size, and scans again', async () => {
    const index = await builtIndex(2000, [], () => 0);
    expect(index.approximate(0)).toBe(true);
    for (let i = 0; i < 1999; i++) index.delete(idOf(i));
    expect(index.approximate(0)).toBe(true);
    index.delete(idOf(1999));
    expect(index.approximate(0)).toBe(false);
    const features = queries[2] ?? Buffer.alloc(0);
    expect(await index.nearest(queryOf(features), 10)).toEqual(index.table.scan(queryOf(features), 10));
  });
});
