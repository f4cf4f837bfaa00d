import { FEATURES_LENGTH, FEATURES_VERSION } from '../media/features.ts';
import { follows, TopK, type Neighbour } from './top-k.ts';

/**
 * The visual features of many pins in a few typed arrays, scanned exactly (decision 0023). Per
 * entry, 85 bytes: the id (8), the perceptual hash as two 32-bit words (8), the 64 histogram
 * bytes (64), the histogram's squared norm (4) and flags (1). Entries are sorted by id, so an id
 * is found by binary search with no Map of strings. A removed entry is marked in its norm and
 * skipped until the table is compacted.
 *
 * The distance is features.ts `visualDistance`, computed with the same operations in the same
 * order, so it is the same number to the last bit and a scan agrees with related pins.
 */
export const PRODUCT = 1;
/** No real histogram has this squared norm (at most 64 · 255²): the mark of a removed entry. */
const REMOVED = 0xffffffff;
const BINS = 64;

export type EntryFeatures = { features: Uint8Array; flags: number };

/** The query side of a scan: the hash words, histogram and squared norm, read once. */
export type Query = { hi: number; lo: number; histogram: Float64Array; normSq: number };

export type ScanOptions = { after?: Neighbour | null; exclude?: bigint | null; flags?: number };

export function readable(features: Uint8Array | null): features is Uint8Array {
  return features !== null && features.length === FEATURES_LENGTH && features[0] === FEATURES_VERSION;
}

export function queryOf(features: Uint8Array): Query {
  if (!readable(features)) throw new Error('Unknown visual features layout');
  const view = new DataView(features.buffer, features.byteOffset, features.length);
  const histogram = new Float64Array(BINS);
  let normSq = 0;
  for (let i = 0; i < BINS; i++) {
    const x = features[9 + i] ?? 0;
    histogram[i] = x;
    normSq += x * x;
  }
  return { hi: view.getUint32(1), lo: view.getUint32(5), histogram, normSq };
}

/** Set bits of a 32-bit word (SWAR). */
export function popcount32(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** The part of the distance the hash words give: 0.6 · differing bits / 64. */
function hashPartAt(hashes: Uint32Array, i: number, query: Query): number {
  return 0.6 * ((popcount32((hashes[2 * i] ?? 0) ^ query.hi) + popcount32((hashes[2 * i + 1] ?? 0) ^ query.lo)) / 64);
}

/** features.ts colourDistance between the query and the histogram in slot `i`, the same operations in the same order. */
function colourDistanceAt(histograms: Uint8Array, i: number, normSq: number, query: Query): number {
  if (normSq === 0 || query.normSq === 0) return 1;
  const q = query.histogram;
  const base = i * BINS;
  let dot = 0;
  for (let j = 0; j < BINS; j += 8) {
    dot +=
      (q[j] ?? 0) * (histograms[base + j] ?? 0) +
      (q[j + 1] ?? 0) * (histograms[base + j + 1] ?? 0) +
      (q[j + 2] ?? 0) * (histograms[base + j + 2] ?? 0) +
      (q[j + 3] ?? 0) * (histograms[base + j + 3] ?? 0) +
      (q[j + 4] ?? 0) * (histograms[base + j + 4] ?? 0) +
      (q[j + 5] ?? 0) * (histograms[base + j + 5] ?? 0) +
      (q[j + 6] ?? 0) * (histograms[base + j + 6] ?? 0) +
      (q[j + 7] ?? 0) * (histograms[base + j + 7] ?? 0);
  }
  return Math.sqrt(Math.max(0, 1 - dot / Math.sqrt(query.normSq * normSq)));
}

export class FeatureTable {
  ids = new BigUint64Array(0);
  hashes = new Uint32Array(0);
  histograms = new Uint8Array(0);
  norms = new Uint32Array(0);
  flags = new Uint8Array(0);
  /** Entries in use, removed ones included. */
  size = 0;
  removed = 0;
  /** Live entries flagged PRODUCT: they get a graph of their own once they are many (decision 0025). */
  liveProducts = 0;

  get liveCount(): number {
    return this.size - this.removed;
  }

  /** Adds or replaces the entry of `id`. */
  set(id: bigint, entry: EntryFeatures): void {
    if (!readable(entry.features)) throw new Error('Unknown visual features layout');
    let slot = this.find(id);
    if (slot < 0) {
      slot = -slot - 1;
      this.insertAt(slot, id);
    } else if (this.norms[slot] === REMOVED) {
      this.removed -= 1;
    } else {
      this.liveProducts -= (this.flags[slot] ?? 0) & PRODUCT;
    }
    this.write(slot, entry);
    this.liveProducts += entry.flags & PRODUCT;
  }

  delete(id: bigint): boolean {
    const slot = this.find(id);
    if (slot < 0 || this.norms[slot] === REMOVED) return false;
    this.norms[slot] = REMOVED;
    this.removed += 1;
    this.liveProducts -= (this.flags[slot] ?? 0) & PRODUCT;
    if (this.removed > Math.max(1024, this.size / 8)) this.compact();
    return true;
  }

  has(id: bigint): boolean {
    const slot = this.find(id);
    return slot >= 0 && this.norms[slot] !== REMOVED;
  }

  isLive(slot: number): boolean {
    return slot >= 0 && slot < this.size && this.norms[slot] !== REMOVED;
  }

  /** The first slot whose id is greater than `id` (the table's size when none is). */
  slotAfter(id: bigint): number {
    const slot = this.find(id);
    return slot >= 0 ? slot + 1 : -slot - 1;
  }

  /** The scan's distance from the query to the live entry in `slot`. */
  distanceAt(slot: number, query: Query): number {
    return hashPartAt(this.hashes, slot, query) + 0.4 * colourDistanceAt(this.histograms, slot, this.norms[slot] ?? 0, query);
  }

  /** The slot of `id`, or -(insertion point) - 1. */
  find(id: bigint): number {
    let low = 0;
    let high = this.size - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const at = this.ids[mid] ?? 0n;
      if (at < id) low = mid + 1;
      else if (at > id) high = mid - 1;
      else return mid;
    }
    return -low - 1;
  }

  /**
   * The `k` nearest entries after `after` in result order, nearest first. An entry is skipped
   * without reading its histogram when its hash alone puts it beyond the k-th found so far.
   */
  scan(query: Query, k: number, options: ScanOptions = {}): Neighbour[] {
    const top = new TopK(k);
    const { hashes, histograms, norms, flags, ids } = this;
    const wanted = options.flags ?? 0;
    const after = options.after ?? null;
    const exclude = options.exclude ?? -1n;
    for (let i = 0; i < this.size; i++) {
      const normSq = norms[i] ?? REMOVED;
      if (normSq === REMOVED || ((flags[i] ?? 0) & wanted) !== wanted) continue;
      const hashPart = hashPartAt(hashes, i, query);
      if (top.full && hashPart > top.worst) continue;
      const distance = hashPart + 0.4 * colourDistanceAt(histograms, i, normSq, query);
      if (top.full && distance > top.worst) continue;
      const id = ids[i] ?? 0n;
      if (id === exclude || (after !== null && !follows(distance, id, after))) continue;
      top.offer(distance, id);
    }
    return top.sorted();
  }

  private write(slot: number, entry: EntryFeatures): void {
    const f = entry.features;
    const view = new DataView(f.buffer, f.byteOffset, f.length);
    this.hashes[2 * slot] = view.getUint32(1);
    this.hashes[2 * slot + 1] = view.getUint32(5);
    this.histograms.set(f.subarray(9, 9 + BINS), slot * BINS);
    let normSq = 0;
    for (let i = 9; i < 9 + BINS; i++) normSq += (f[i] ?? 0) * (f[i] ?? 0);
    this.norms[slot] = normSq;
    this.flags[slot] = entry.flags;
  }

  /** Opens `slot` for `id`: at the end for a new pin (ids grow with time), by shifting otherwise. */
  private insertAt(slot: number, id: bigint): void {
    if (this.size === this.ids.length) this.grow(Math.max(1024, this.size * 2));
    if (slot < this.size) {
      this.ids.copyWithin(slot + 1, slot, this.size);
      this.hashes.copyWithin(2 * slot + 2, 2 * slot, 2 * this.size);
      this.histograms.copyWithin((slot + 1) * BINS, slot * BINS, this.size * BINS);
      this.norms.copyWithin(slot + 1, slot, this.size);
      this.flags.copyWithin(slot + 1, slot, this.size);
    }
    this.ids[slot] = id;
    this.size += 1;
  }

  private grow(capacity: number): void {
    const resize = <T extends Uint8Array | Uint32Array | BigUint64Array>(from: T, make: (n: number) => T, per: number): T => {
      const to = make(capacity * per);
      to.set(from.subarray(0, this.size * per) as never);
      return to;
    };
    this.ids = resize(this.ids, (n) => new BigUint64Array(n), 1);
    this.hashes = resize(this.hashes, (n) => new Uint32Array(n), 2);
    this.histograms = resize(this.histograms, (n) => new Uint8Array(n), BINS);
    this.norms = resize(this.norms, (n) => new Uint32Array(n), 1);
    this.flags = resize(this.flags, (n) => new Uint8Array(n), 1);
  }

  /** Drops removed entries, keeping the id order. */
  compact(): void {
    let to = 0;
    for (let from = 0; from < this.size; from++) {
      if (this.norms[from] === REMOVED) continue;
      if (to !== from) {
        this.ids[to] = this.ids[from] ?? 0n;
        this.hashes[2 * to] = this.hashes[2 * from] ?? 0;
        this.hashes[2 * to + 1] = this.hashes[2 * from + 1] ?? 0;
        this.histograms.copyWithin(to * BINS, from * BINS, (from + 1) * BINS);
        this.norms[to] = this.norms[from] ?? 0;
        this.flags[to] = this.flags[from] ?? 0;
      }
      to += 1;
    }
    this.size = to;
    this.removed = 0;
  }
}
