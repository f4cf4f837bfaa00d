/*
 * The rows of one side of the pin–board graph (graph.ts): a CSR row, or its replacement in the
 * overlay. Apart from the graph so that compaction (compact.ts) and the walk (walk.ts) read rows
 * without importing the graph that uses them.
 */

/** Set in a row's start offset when the overlay holds the row instead. */
export const SUPERSEDED = 0x80000000;
export const OFFSET_MASK = 0x7fffffff;

/**
 * One direction of the graph: CSR rows for the `count` nodes it was built with, overlay rows for
 * the nodes marked superseded and for every node numbered past the CSR.
 */
export type Side = { offsets: Uint32Array; targets: Uint32Array; count: number; overlay: Map<number, number[]> };

export function inOverlay(side: Side, node: number): boolean {
  return node >= side.count || (side.offsets[node] ?? 0) >= SUPERSEDED;
}

export function degreeOf(side: Side, node: number): number {
  if (inOverlay(side, node)) return side.overlay.get(node)?.length ?? 0;
  return ((side.offsets[node + 1] ?? 0) & OFFSET_MASK) - (side.offsets[node] ?? 0);
}

export function rowOf(side: Side, node: number): ArrayLike<number> {
  if (inOverlay(side, node)) return side.overlay.get(node) ?? [];
  return side.targets.subarray(side.offsets[node] ?? 0, (side.offsets[node + 1] ?? 0) & OFFSET_MASK);
}
