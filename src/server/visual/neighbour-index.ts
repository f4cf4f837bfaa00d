import { FeatureTable, PRODUCT, type EntryFeatures, type Query, type ScanOptions } from './feature-table.ts';
import { createNeighbourGraph, EMBEDDING_DIMENSIONS, embedEntry, embedQuery, type CandidateSource, type SharedCandidates } from './neighbour-graph.ts';
import { follows, TopK, type Neighbour } from './top-k.ts';

/**
 * The pictures a visual search looks among (decisions 0023 and 0025): the feature table, scanned
 * exactly while small, and beyond `exactScanUpTo` entries an HNSW graph that proposes candidates
 * for the table to rank by the exact distance. Shopping searches look only among products, so the
 * products have a graph of their own once they are that many. A graph is built a batch at a time
 * between other work, in the background; until it is whole, searches scan. Changes reach a graph
 * as they reach the table: an entry the build has passed is added, replaced or removed at once,
 * one it has not reached is read when it gets there.
 */
export type NeighbourIndexSettings = {
  exactScanUpTo: number;
  /** Makes the candidate source of a partition that outgrows the scan: this node's HNSW graph unless told. */
  createGraph?: () => CandidateSource;
  /** The database's index (pgvector) instead of graphs of this node's own; asked once it is ready. */
  shared?: { candidates: SharedCandidates; ready: () => boolean };
};

/** Candidates asked of a graph per result wanted, and the least asked. */
const CANDIDATES_PER_RESULT = 4;
const CANDIDATES_MIN = 100;
/** Past this many candidates (pages far down), the exact scan is cheaper than the graph. */
const CANDIDATES_MAX = 4096;
/**
 * Entries added to a graph between yields while building: a median of 6 to 9 ms of work measured
 * at 100,000 pictures, so requests keep being answered while a large graph is built.
 */
const BUILD_BATCH = 100;
const EVERY_ID = 0xffff_ffff_ffff_ffffn;

type Partition = {
  /** The flags its entries carry; 0 takes every entry. */
  flags: number;
  count: (table: FeatureTable) => number;
  graph: CandidateSource | null;
  /** The graph holds every matching entry with an id up to this one. */
  builtTo: bigint;
};

export class NeighbourIndex {
  readonly table = new FeatureTable();
  private readonly partitions: Partition[] = [
    { flags: 0, count: (t) => t.liveCount, graph: null, builtTo: -1n },
    { flags: PRODUCT, count: (t) => t.liveProducts, graph: null, builtTo: -1n },
  ];
  private building: Promise<void> | null = null;
  private closed = false;
  private readonly settings: NeighbourIndexSettings;

  constructor(settings: NeighbourIndexSettings) {
    this.settings = settings;
  }

  get liveCount(): number {
    return this.table.liveCount;
  }

  has(id: bigint): boolean {
    return this.table.has(id);
  }

  /** Whether searches among entries with these flags are answered through a whole graph. */
  approximate(flags: number): boolean {
    return this.candidateSource(flags) !== null;
  }

  set(id: bigint, entry: EntryFeatures): void {
    this.table.set(id, entry);
    for (const p of this.partitions) {
      if (!p.graph || id > p.builtTo) continue;
      if ((entry.flags & p.flags) === p.flags) p.graph.put(BigUint64Array.of(id), this.embeddingOf(id));
      else p.graph.remove(id);
    }
    this.review();
  }

  delete(id: bigint): boolean {
    if (!this.table.delete(id)) return false;
    for (const p of this.partitions) if (p.graph && id <= p.builtTo) p.graph.remove(id);
    this.review();
    return true;
  }

  /**
   * The `k` nearest entries after `options.after` in result order, as FeatureTable.scan answers
   * them: exactly while the entries are few, approximately (with exact distances) beyond.
   */
  async nearest(query: Query, k: number, options: ScanOptions = {}): Promise<Neighbour[]> {
    const source = this.candidateSource(options.flags ?? 0);
    if (!source || k === 0) return this.table.scan(query, k, options);
    const vector = embedQuery(query);
    for (let want = Math.max(CANDIDATES_MIN, CANDIDATES_PER_RESULT * k); want <= CANDIDATES_MAX; want *= CANDIDATES_PER_RESULT) {
      const candidates = await source(vector, want);
      const found = this.rank(candidates, query, k, options);
      // Enough after the cursor, or the graph has given all it holds.
      if (found.length === k || candidates.length < want) return found;
    }
    return this.table.scan(query, k, options);
  }

  /** Resolves once no graph is being built. */
  async idle(): Promise<void> {
    while (this.building) await this.building;
  }

  /** Stops any build and lets the graphs go. */
  close(): void {
    this.closed = true;
    for (const p of this.partitions) p.graph = null;
  }

  /**
   * Where candidates come from for entries with these flags: the database's index once the
   * partition outgrows the scan (and the index is built), else this node's graph once it holds
   * them all; null while the exact scan answers.
   */
  private candidateSource(flags: number): ((vector: Float32Array, count: number) => Promise<BigUint64Array> | BigUint64Array) | null {
    const p = this.partitions.find((x) => x.flags === flags);
    if (!p) return null;
    const { shared } = this.settings;
    if (shared) {
      if (p.count(this.table) <= this.settings.exactScanUpTo || !shared.ready()) return null;
      return (vector, count) => shared.candidates.candidates(vector, count, flags === PRODUCT);
    }
    const graph = p.graph && p.builtTo === EVERY_ID ? p.graph : null;
    return graph && ((vector, count) => graph.candidates(vector, count));
  }

  /** The candidates in result order by the exact distance, as the scan would keep them. */
  private rank(candidates: BigUint64Array, query: Query, k: number, options: ScanOptions): Neighbour[] {
    const { table } = this;
    const top = new TopK(k);
    const wanted = options.flags ?? 0;
    const after = options.after ?? null;
    for (const id of candidates) {
      const slot = table.find(id);
      if (!table.isLive(slot) || ((table.flags[slot] ?? 0) & wanted) !== wanted || id === options.exclude) continue;
      const distance = table.distanceAt(slot, query);
      if (after === null || follows(distance, id, after)) top.offer(distance, id);
    }
    return top.sorted();
  }

  private embeddingOf(id: bigint): Float32Array {
    const vector = new Float32Array(EMBEDDING_DIMENSIONS);
    embedEntry(this.table, this.table.find(id), vector, 0);
    return vector;
  }

  /** A graph once a partition outgrows the exact scan; none once it has shrunk to half that. */
  private review(): void {
    if (this.settings.shared) return;
    const limit = this.settings.exactScanUpTo;
    for (const p of this.partitions) {
      const count = p.count(this.table);
      if (!p.graph && count > limit && !this.closed) {
        p.graph = (this.settings.createGraph ?? createNeighbourGraph)();
        p.builtTo = -1n;
        this.building ??= this.buildGraphs().finally(() => {
          this.building = null;
        });
      } else if (p.graph && count <= limit / 2) {
        p.graph = null;
        p.builtTo = -1n;
      }
    }
  }

  private async buildGraphs(): Promise<void> {
    for (;;) {
      // Yields first: a table being filled in one go is whole before the graph reads it.
      await new Promise((resolve) => setImmediate(resolve));
      const p = this.partitions.find((x) => x.graph && x.builtTo !== EVERY_ID);
      if (this.closed || !p?.graph) return;
      this.buildStep(p, p.graph);
    }
  }

  /** Adds the next batch of the partition's entries, in id order, to its graph. */
  private buildStep(p: Partition, graph: CandidateSource): void {
    const { table } = this;
    const ids = new BigUint64Array(BUILD_BATCH);
    const vectors = new Float32Array(BUILD_BATCH * EMBEDDING_DIMENSIONS);
    let count = 0;
    let slot = table.slotAfter(p.builtTo);
    for (; slot < table.size && count < BUILD_BATCH; slot++) {
      if (!table.isLive(slot) || ((table.flags[slot] ?? 0) & p.flags) !== p.flags) continue;
      ids[count] = table.ids[slot] ?? 0n;
      embedEntry(table, slot, vectors, count);
      count += 1;
    }
    graph.put(ids.subarray(0, count), vectors.subarray(0, count * EMBEDDING_DIMENSIONS));
    p.builtTo = slot >= table.size ? EVERY_ID : (table.ids[slot - 1] ?? p.builtTo);
  }
}
