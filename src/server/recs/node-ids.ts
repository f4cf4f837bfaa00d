import os from 'node:os';

/**
 * Pin and board ids in the graph: 64-bit integers (decimal strings in the database) held as a
 * sorted BigUint64Array, so a node's dense index is its rank. Lookups compare the two 32-bit
 * words through a Uint32Array view of the same memory: no BigInt and no string per probe, and 8
 * bytes a node in all (a Map of millions of strings would cost ten times that).
 */

// The word view reads the low word first; every platform Node supports is little-endian.
if (os.endianness() !== 'LE') throw new Error('The recommender graph needs a little-endian machine');

const TWO_32 = 4294967296;

/** An id as its high and low 32-bit words. */
export type IdWords = { hi: number; lo: number };

/** The words of a decimal id, or null for text that is not an unsigned 64-bit decimal. */
export function parseIdWords(text: string): IdWords | null {
  if (text.length === 0 || text.length > 20) return null;
  let hi = 0;
  let lo = 0;
  for (let i = 0; i < text.length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return null;
    // lo < 2^32, so lo * 10 + 9 < 2^36 and every step stays exact in a double.
    lo = lo * 10 + digit;
    const carry = Math.floor(lo / TWO_32);
    lo -= carry * TWO_32;
    hi = hi * 10 + carry;
    if (hi >= TWO_32) return null;
  }
  return { hi, lo };
}

export function wordsToId(hi: number, lo: number): string {
  return ((BigInt(hi) << 32n) | BigInt(lo)).toString();
}

/** Ids sorted ascending; a node's index is its position. */
export type SortedIds = { readonly ids: BigUint64Array; readonly words: Uint32Array; readonly count: number };

/** Sorts `ids` in place (it must hold no duplicates) and indexes it. */
export function sortedIds(ids: BigUint64Array): SortedIds {
  ids.sort();
  return { ids, words: new Uint32Array(ids.buffer, ids.byteOffset, ids.length * 2), count: ids.length };
}

export const NO_IDS: SortedIds = sortedIds(new BigUint64Array(0));

/** The index of an id, or -1. */
export function indexOfWords(table: SortedIds, hi: number, lo: number): number {
  const words = table.words;
  let low = 0;
  let high = table.count - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const midHi = words[2 * mid + 1] ?? 0;
    const midLo = words[2 * mid] ?? 0;
    if (midHi < hi || (midHi === hi && midLo < lo)) low = mid + 1;
    else if (midHi === hi && midLo === lo) return mid;
    else high = mid - 1;
  }
  return -1;
}

export function indexOfId(table: SortedIds, id: string): number {
  const words = parseIdWords(id);
  return words ? indexOfWords(table, words.hi, words.lo) : -1;
}

export function idAt(table: SortedIds, index: number): string {
  return (table.ids[index] ?? 0n).toString();
}

/** Bytes held by a table. */
export function bytesOfIds(table: SortedIds): number {
  return table.ids.byteLength;
}
