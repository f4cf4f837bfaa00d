import { createPrng } from '../src/server/recs/prng.ts';
import { FeatureTable, queryOf, type Query } from '../src/server/visual/feature-table.ts';
import { NeighbourIndex } from '../src/server/visual/neighbour-index.ts';
import { featureWorld } from '../tests/unit/visual/generated-features.ts';
import { pictureWorld } from '../tests/unit/visual/generated-pictures.ts';
import { pgvectorIndex } from './visual-pgvector.ts';

/**
 * Visual search's figures (issue 5). First, the exact nearest-neighbour scan (top 25 of generated
 * features in 400 looks) against the memory floor of its bytes: one pass summing the very typed
 * arrays the scan reads (hash words, histograms as 32-bit words, norms), in the same process. Two
 * kinds of query: drawn from the collection's looks (near pictures exist, so the hash bound skips
 * most histograms), and from looks the collection lacks (nothing is near, the bound skips little:
 * the scan's worst case). Medians of 40 scans after a warm-up.
 *
 * Then, beyond the exact scan's 100,000: the approximate index (decision 0025) over 200,000
 * pictures painted in memory (generated-pictures.ts: themes, families of near copies), its top 10
 * against the exact scan's for 200 new near copies of pictures it holds and 200 pictures it does
 * not, with the median time of each; then the same with the candidates from PostgreSQL's pgvector
 * (decision 0032) where a server offers it. Nothing here asserts. Run alone with
 * `node bench/visual.ts`.
 */
const SIZES = [10_000, 100_000];
const QUERIES = 40;
const K = 25;
const APPROXIMATE_SIZE = 200_000;
const RECALL_QUERIES = 200;
const RECALL_K = 10;

export async function visualBenchmark(): Promise<string[]> {
  const world = pictureWorld(APPROXIMATE_SIZE, 17);
  const rng = createPrng(23);
  const queries: QuerySet[] = [
    ['near copies', Array.from({ length: RECALL_QUERIES }, () => queryOf(world.nearCopy(rng)))],
    ['unseen pictures', Array.from({ length: RECALL_QUERIES }, () => queryOf(world.unseen(rng)))],
  ];
  return [...SIZES.map(exactScanLine), await approximateLine(world.features, queries), await pgvectorLine(world.features, queries)];
}

type QuerySet = [name: string, queries: Query[]];

function exactScanLine(size: number): string {
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
}

async function approximateLine(features: readonly Buffer[], queries: readonly QuerySet[]): Promise<string> {
  const index = new NeighbourIndex({ exactScanUpTo: 100_000 });
  const memoryBefore = process.memoryUsage().rss;
  const buildStart = performance.now();
  features.forEach((entry, i) => {
    index.set(BigInt(1_000_000 + i), { features: entry, flags: 0 });
  });
  await index.idle();
  const buildSeconds = (performance.now() - buildStart) / 1000;
  const megabytes = (process.memoryUsage().rss - memoryBefore) / 1e6;
  if (!index.approximate(0)) throw new Error('The graph was not built');
  const parts = await recallParts(index, queries);
  return `Visual index of ${APPROXIMATE_SIZE.toLocaleString('en')} generated pictures (table and HNSW graph built in ${buildSeconds.toFixed(1)} s, resident memory +${megabytes.toFixed(0)} MB), ${RECALL_QUERIES} queries each: ${parts} (target recall >= 0.95)`;
}

/** The same pictures and queries with the candidates from PostgreSQL's pgvector (bench/visual-pgvector.ts). */
async function pgvectorLine(features: readonly Buffer[], queries: readonly QuerySet[]): Promise<string> {
  const run = await pgvectorIndex(features, 100_000);
  if (!run) return 'Visual index in PostgreSQL (pgvector): not measured, no PostgreSQL with pgvector answers';
  try {
    if (!run.index.approximate(0)) throw new Error('pgvector is not answering');
    const parts = await recallParts(run.index, queries);
    return `Visual index of the same ${APPROXIMATE_SIZE.toLocaleString('en')} pictures in PostgreSQL with pgvector (rows written and HNSW index built in ${run.buildSeconds.toFixed(1)} s), the same queries: ${parts} (target recall >= 0.95)`;
  } finally {
    await run.close();
  }
}

async function recallParts(index: NeighbourIndex, queries: readonly QuerySet[]): Promise<string> {
  const parts: string[] = [];
  for (const [name, set] of queries) {
    const { recall, graphMs, scanMs } = await recallAgainstScan(index, set);
    parts.push(`${name} recall@${RECALL_K} ${recall.toFixed(3)}, ${graphMs.toFixed(2)} ms vs exact scan ${scanMs.toFixed(2)} ms`);
  }
  return parts.join('; ');
}

/** The share of the exact scan's top RECALL_K the index answers, and the median time of each. */
async function recallAgainstScan(index: NeighbourIndex, queries: readonly Query[]): Promise<{ recall: number; graphMs: number; scanMs: number }> {
  let found = 0;
  const graphTimes: number[] = [];
  const scanTimes: number[] = [];
  for (const query of queries) {
    let start = performance.now();
    const approximate = await index.nearest(query, RECALL_K);
    graphTimes.push(performance.now() - start);
    start = performance.now();
    const exact = new Set(index.table.scan(query, RECALL_K).map((n) => n.id));
    scanTimes.push(performance.now() - start);
    found += approximate.filter((n) => exact.has(n.id)).length;
  }
  return { recall: found / (queries.length * RECALL_K), graphMs: median(graphTimes), scanMs: median(scanTimes) };
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

if (import.meta.main) process.stdout.write(`${(await visualBenchmark()).join('\n')}\n`);
