import { createPrng } from '../src/server/recs/prng.ts';
import { FeatureTable, queryOf, type Query } from '../src/server/visual/feature-table.ts';
import { featureWorld } from '../tests/unit/visual/generated-features.ts';

/**
 * Visual search's figure (issue 5): the exact nearest-neighbour scan of the visual index (top 25
 * of generated features in 400 looks) against the memory floor of its bytes: one pass summing
 * the very typed arrays the scan reads (hash words, histograms as 32-bit words, norms), in the
 * same process. Two kinds of query: drawn from the collection's looks (near pictures exist, so
 * the hash bound skips most histograms), and from looks the collection lacks (nothing is near,
 * the bound skips little: the scan's worst case). Medians of 40 scans after a warm-up. Nothing
 * here asserts. Run alone with `node bench/visual.ts`.
 */
const SIZES = [10_000, 100_000];
const QUERIES = 40;
const K = 25;

export function visualBenchmark(): string[] {
  return SIZES.map((size) => {
    const world = featureWorld(size, 400, 17);
    const table = new FeatureTable();
    world.features.forEach((features, i) => {
      table.set(BigInt(1_000_000 + i), { features, flags: 0 });
    });
    const rng = createPrng(23);
    const elsewhere = featureWorld(0, 400, 99);
    const near: Query[] = Array.from({ length: QUERIES }, () => queryOf(world.draw(rng)));
    const far: Query[] = Array.from({ length: QUERIES }, () => queryOf(elsewhere.draw(rng)));
    const floorPass = memoryFloor(table);
    for (const query of [...near, ...far].slice(0, 10)) table.scan(query, K);
    const floor = median(near.map(() => timed(floorPass)));
    const [scanNear, scanFar] = [near, far].map((queries) => median(queries.map((query) => timed(() => table.scan(query, K).length))));
    const bytes = table.size * (8 + 64 + 4);
    const ratio = (scan = 0) => `${scan.toFixed(2)} ms = ratio ${(scan / floor).toFixed(2)}`;
    return `Visual scan of ${size.toLocaleString('en')} vectors (${(bytes / 1e6).toFixed(1)} MB), top ${K}, vs memory floor ${floor.toFixed(2)} ms: queries like the collection ${ratio(scanNear)}, unlike it ${ratio(scanFar)} (target <= 10)`;
  });
}

/** One pass over the bytes a scan reads, doing nothing but add them up. */
function memoryFloor(table: FeatureTable): () => number {
  const words = new Uint32Array(table.histograms.buffer, 0, (table.size * 64) / 4);
  const { hashes, norms, size } = table;
  return () => {
    let sum = 0;
    // Summed as doubles: the fastest pass V8 makes over 32-bit words (an int32 sum is four times slower).
    for (let i = 0; i < size * 2; i++) sum += hashes[i] ?? 0;
    for (let i = 0; i < words.length; i++) sum += words[i] ?? 0;
    for (let i = 0; i < size; i++) sum += norms[i] ?? 0;
    return sum;
  };
}

/** Every scan's answer is added here, so no pass can be optimised away as unused. */
let _sink = 0;
function timed(run: () => number): number {
  const start = performance.now();
  _sink += run();
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

if (import.meta.main) process.stdout.write(`${visualBenchmark().join('\n')}\n`);
