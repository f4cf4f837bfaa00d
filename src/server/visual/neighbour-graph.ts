import { Index, MetricKind, ScalarKind } from 'usearch';
import type { FeatureTable, Query } from './feature-table.ts';

/**
 * The approximate side of the visual index (decision 0025): a USearch HNSW graph over an
 * embedding of the 73-byte features, used to find candidates that the feature table then ranks
 * by the exact distance. The embedding puts the two parts of `visualDistance` into one Euclidean
 * space: the 64 hash bits as ±HASH_SCALE (squared distance 4·HASH_SCALE² per differing bit) and
 * the histogram divided by its norm (squared distance 2·(1 − cosine), twice the square of the
 * Hellinger distance). The order by this distance is not the order by `visualDistance` (one adds
 * squares, the other distances), so the graph is asked for several times the neighbours wanted
 * and never decides the order itself.
 */
export const EMBEDDING_DIMENSIONS = 128;
/**
 * Balances the bits against the colours where near neighbours lie (distances 0.1 to 0.3): the
 * derivatives of both distances agree there for a scale near 0.07; measured on generated
 * pictures, 0.1 put the most of the exact top 10 among 100 candidates (decision 0025).
 */
export const HASH_SCALE = 0.1;
/** HNSW's M: links a node keeps per layer. 16 is the usual balance of memory and recall. */
const CONNECTIVITY = 16;
const EXPANSION_ADD = 128;
/** The search's beam; a request for more candidates widens it to that many. */
const EXPANSION_SEARCH = 256;

/** Writes the embedding of a hash (two 32-bit words) and a histogram with its squared norm. */
function embed(hi: number, lo: number, bins: ArrayLike<number>, offset: number, normSq: number, out: Float32Array, at: number): void {
  for (let bit = 0; bit < 32; bit++) {
    out[at + bit] = (hi >>> (31 - bit)) & 1 ? HASH_SCALE : -HASH_SCALE;
    out[at + 32 + bit] = (lo >>> (31 - bit)) & 1 ? HASH_SCALE : -HASH_SCALE;
  }
  const norm = Math.sqrt(normSq);
  for (let i = 0; i < 64; i++) out[at + 64 + i] = norm === 0 ? 0 : (bins[offset + i] ?? 0) / norm;
}

export function embedQuery(query: Query): Float32Array {
  const out = new Float32Array(EMBEDDING_DIMENSIONS);
  embed(query.hi, query.lo, query.histogram, 0, query.normSq, out, 0);
  return out;
}

/** Writes the embedding of the table's entry in `slot` as the `row`-th vector of `out`. */
export function embedEntry(table: FeatureTable, slot: number, out: Float32Array, row: number): void {
  embed(table.hashes[2 * slot] ?? 0, table.hashes[2 * slot + 1] ?? 0, table.histograms, slot * 64, table.norms[slot] ?? 0, out, row * EMBEDDING_DIMENSIONS);
}

/**
 * Where candidates come from once a collection outgrows the exact scan: this node's graph, fed
 * the embeddings as the table changes. The exact ranking is always the feature table's.
 */
export type CandidateSource = {
  readonly size: number;
  /** Adds or replaces entries: `vectors` holds one embedding after another, in the order of `ids`. */
  put(ids: BigUint64Array, vectors: Float32Array): void;
  remove(id: bigint): void;
  /** Up to `count` ids near the query's embedding, not in any useful order. */
  candidates(vector: Float32Array, count: number): BigUint64Array;
};

/**
 * Candidates from an index the database keeps (pgvector, decision 0032): written by the database's
 * own triggers in the commits that change pins, so it is whole at all times and nothing here
 * builds or feeds it; it may hold pins this node's table has not heard of yet, which ranking skips.
 */
export type SharedCandidates = {
  /** Up to `count` ids near the query's embedding, among products alone when asked. */
  candidates(vector: Float32Array, count: number, productsOnly: boolean): Promise<BigUint64Array>;
};

export function createNeighbourGraph(): CandidateSource {
  // Quantized to 8 bits a dimension: 128 bytes a vector instead of 512, for no loss of recall measured.
  const index = new Index({
    dimensions: EMBEDDING_DIMENSIONS,
    metric: MetricKind.L2sq,
    quantization: ScalarKind.I8,
    connectivity: CONNECTIVITY,
    expansion_add: EXPANSION_ADD,
    expansion_search: EXPANSION_SEARCH,
    multi: false,
  });
  return {
    get size() {
      return index.size();
    },
    put(ids, vectors) {
      // USearch refuses a key it holds: a replaced entry leaves first.
      for (const id of ids) if (index.contains(id) === true) index.remove(id);
      // One thread: USearch starts its threads afresh on every call, which costs more than they
      // save on the small batches the index adds between yields (measured).
      if (ids.length > 0) index.add(ids, vectors, 1);
    },
    remove(id) {
      index.remove(id);
    },
    candidates(vector, count) {
      if (index.size() === 0) return new BigUint64Array(0);
      return index.search(vector, count, 1).keys;
    },
  };
}
