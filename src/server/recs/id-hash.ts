/**
 * An open-addressing table from 64-bit ids (two 32-bit words) to first-seen numbers, in typed
 * arrays. Used while building the graph, to give each id of a stream of saves a small number
 * before the ids are sorted; it is dropped once the graph is built.
 */
export type IdHash = {
  keys: Uint32Array;
  values: Int32Array;
  mask: number;
  size: number;
};

export function createIdHash(expected = 1024): IdHash {
  let capacity = 16;
  while (capacity < expected * 2) capacity *= 2;
  return { keys: new Uint32Array(capacity * 2), values: new Int32Array(capacity).fill(-1), mask: capacity - 1, size: 0 };
}

function slotOf(mask: number, hi: number, lo: number): number {
  let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) & mask;
}

/** The id's number, given the next free number if the id is new. */
export function internId(table: IdHash, hi: number, lo: number): number {
  if ((table.size + 1) * 2 > table.values.length) grow(table);
  const { keys, values, mask } = table;
  let slot = slotOf(mask, hi, lo);
  for (;;) {
    const value = values[slot] ?? -1;
    if (value === -1) {
      keys[2 * slot] = lo;
      keys[2 * slot + 1] = hi;
      values[slot] = table.size;
      table.size += 1;
      return table.size - 1;
    }
    if (keys[2 * slot] === lo && keys[2 * slot + 1] === hi) return value;
    slot = (slot + 1) & mask;
  }
}

function grow(table: IdHash): void {
  const { keys, values } = table;
  const capacity = values.length * 2;
  table.keys = new Uint32Array(capacity * 2);
  table.values = new Int32Array(capacity).fill(-1);
  table.mask = capacity - 1;
  for (let slot = 0; slot < values.length; slot++) {
    const value = values[slot] ?? -1;
    if (value === -1) continue;
    const hi = keys[2 * slot + 1] ?? 0;
    const lo = keys[2 * slot] ?? 0;
    let to = slotOf(table.mask, hi, lo);
    while ((table.values[to] ?? -1) !== -1) to = (to + 1) & table.mask;
    table.keys[2 * to] = lo;
    table.keys[2 * to + 1] = hi;
    table.values[to] = value;
  }
}

/** The ids by their number, as a BigUint64Array (written word by word: no BigInt per id). */
export function idsByNumber(table: IdHash): BigUint64Array {
  const ids = new BigUint64Array(table.size);
  const words = new Uint32Array(ids.buffer);
  const { keys, values } = table;
  for (let slot = 0; slot < values.length; slot++) {
    const value = values[slot] ?? -1;
    if (value === -1) continue;
    words[2 * value] = keys[2 * slot] ?? 0;
    words[2 * value + 1] = keys[2 * slot + 1] ?? 0;
  }
  return ids;
}
