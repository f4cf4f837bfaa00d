import { describe, expect, it } from 'vitest';
import { colourDistance, decodeFeatures, hashDistance } from '../../../src/server/media/features.ts';
import { FeatureTable, queryOf } from '../../../src/server/visual/feature-table.ts';
import { createNeighbourGraph, EMBEDDING_DIMENSIONS, embedEntry, embedQuery } from '../../../src/server/visual/neighbour-graph.ts';
import { featureWorld } from './generated-features.ts';

const world = featureWorld(200, 10, 8);

function squaredDistance(a: Float32Array, b: Float32Array): number {
  return a.reduce((sum, x, i) => sum + (x - (b[i] ?? 0)) ** 2, 0);
}

describe('the embedding the graph searches', () => {
  it('is the same for a stored picture and for the same picture as a query', () => {
    const table = new FeatureTable();
    world.features.forEach((features, i) => {
      table.set(BigInt(i + 1), { features, flags: 0 });
    });
    const stored = new Float32Array(EMBEDDING_DIMENSIONS * 2);
    embedEntry(table, 7, stored, 1);
    expect(stored.subarray(EMBEDDING_DIMENSIONS)).toEqual(embedQuery(queryOf(world.features[7] ?? Buffer.alloc(0))));
  });

  it('puts differing hash bits and the Hellinger distance of the colours into one squared distance', () => {
    for (let i = 1; i < 40; i++) {
      const [a, b] = [world.features[0] ?? Buffer.alloc(0), world.features[i] ?? Buffer.alloc(0)];
      const [fa, fb] = [decodeFeatures(a), decodeFeatures(b)];
      const expected = 4 * 0.1 ** 2 * hashDistance(fa.hash, fb.hash) + 2 * colourDistance(fa.histogram, fb.histogram) ** 2;
      expect(squaredDistance(embedQuery(queryOf(a)), embedQuery(queryOf(b)))).toBeCloseTo(expected, 4);
    }
  });

  it('gives back candidates by id, replaces an id it holds and forgets a removed one', () => {
    const graph = createNeighbourGraph();
    const vectors = new Float32Array(EMBEDDING_DIMENSIONS * 3);
    for (let i = 0; i < 3; i++) vectors.set(embedQuery(queryOf(world.features[i] ?? Buffer.alloc(0))), i * EMBEDDING_DIMENSIONS);
    graph.put(BigUint64Array.of(10n, 20n, 30n), vectors);
    expect(graph.size).toBe(3);
    expect([...graph.candidates(vectors.subarray(EMBEDDING_DIMENSIONS, 2 * EMBEDDING_DIMENSIONS), 1)]).toEqual([20n]);
    graph.put(BigUint64Array.of(10n), vectors.subarray(EMBEDDING_DIMENSIONS, 2 * EMBEDDING_DIMENSIONS));
    expect(graph.size).toBe(3);
    graph.remove(20n);
    expect(graph.size).toBe(2);
    expect([...graph.candidates(vectors.subarray(EMBEDDING_DIMENSIONS, 2 * EMBEDDING_DIMENSIONS), 3)].sort()).toEqual([10n, 30n]);
    expect([...graph.candidates(vectors.subarray(EMBEDDING_DIMENSIONS, 2 * EMBEDDING_DIMENSIONS), 1)]).toEqual([10n]);
  });
});
