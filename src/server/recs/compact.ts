import type { CsrGraph } from './csr.ts';
import { degreeOf, inOverlay, type Side } from './graph-rows.ts';
import { parseIdWords, type SortedIds } from './node-ids.ts';

/** What compaction reads of a graph (graph.ts): its CSR, both sides with their overlays, and the ids added since. */
export type Compactable = {
  readonly base: CsrGraph;
  readonly pinSide: Side;
  readonly boardSide: Side;
  addedPinIds(): readonly string[];
  addedBoardIds(): readonly string[];
};

/**
 * A new CSR from a graph and its overlay: the ids of both sides merged in order (new ids are few,
 * so they are sorted on their own and merged in one pass), nodes without edges dropped, every row
 * copied in its order with its neighbours renumbered. Linear in the graph's size.
 */
export function compactGraph(graph: Compactable): CsrGraph {
  const pinSide = graph.pinSide;
  const boardSide = graph.boardSide;
  const pins = renumber(graph.base.pins, graph.addedPinIds(), (p) => degreeOf(pinSide, p) > 0);
  const boards = renumber(graph.base.boards, graph.addedBoardIds(), (b) => degreeOf(boardSide, b) > 0);
  const [pinOffsets, pinBoards] = copyRows(pinSide, pins.oldOfNew, boards.newOfOld);
  const [boardOffsets, boardPins] = copyRows(boardSide, boards.oldOfNew, pins.newOfOld);
  return { pins: pins.table, boards: boards.table, pinOffsets, pinBoards, boardOffsets, boardPins };
}

type Renumbering = { table: SortedIds; oldOfNew: Uint32Array; newOfOld: Int32Array };

type Added = { hi: number; lo: number; old: number };

function renumber(base: SortedIds, addedIds: readonly string[], live: (old: number) => boolean): Renumbering {
  const added: Added[] = [];
  addedIds.forEach((id, k) => {
    const words = parseIdWords(id);
    if (words) added.push({ ...words, old: base.count + k });
  });
  added.sort((a, b) => a.hi - b.hi || a.lo - b.lo);
  const total = base.count + addedIds.length;
  const newOfOld = new Int32Array(total).fill(-1);
  let liveCount = 0;
  for (let old = 0; old < total; old++) if (live(old)) liveCount += 1;
  const ids = new BigUint64Array(liveCount);
  const words = new Uint32Array(ids.buffer);
  const oldOfNew = new Uint32Array(liveCount);
  let next = 0;
  const emit = (old: number, hi: number, lo: number) => {
    if (!live(old)) return;
    words[2 * next] = lo;
    words[2 * next + 1] = hi;
    oldOfNew[next] = old;
    newOfOld[old] = next;
    next += 1;
  };
  let j = 0;
  for (let i = 0; i < base.count; i++) {
    const hi = base.words[2 * i + 1] ?? 0;
    const lo = base.words[2 * i] ?? 0;
    for (let a = added[j]; a && (a.hi < hi || (a.hi === hi && a.lo < lo)); a = added[++j]) emit(a.old, a.hi, a.lo);
    emit(i, hi, lo);
  }
  for (let a = added[j]; a; a = added[++j]) emit(a.old, a.hi, a.lo);
  return { table: { ids, words, count: liveCount }, oldOfNew, newOfOld };
}

function copyRows(side: Side, oldOfNew: Uint32Array, renumberNeighbour: Int32Array): [Uint32Array, Uint32Array] {
  const offsets = new Uint32Array(oldOfNew.length + 1);
  for (let n = 0; n < oldOfNew.length; n++) offsets[n + 1] = (offsets[n] ?? 0) + degreeOf(side, oldOfNew[n] ?? 0);
  const targets = new Uint32Array(offsets[oldOfNew.length] ?? 0);
  for (let n = 0; n < oldOfNew.length; n++) {
    const old = oldOfNew[n] ?? 0;
    const overlay = inOverlay(side, old) ? (side.overlay.get(old) ?? []) : null;
    const from = overlay ? 0 : (side.offsets[old] ?? 0);
    const source = overlay ?? side.targets;
    let at = offsets[n] ?? 0;
    const end = offsets[n + 1] ?? 0;
    for (let k = from; at < end; k++, at++) {
      const renumbered = renumberNeighbour[source[k] ?? 0] ?? -1;
      // Rows are symmetric, so a neighbour of a live node is live; anything else is a broken overlay.
      if (renumbered < 0) throw new Error('The graph overlay lost a neighbour');
      targets[at] = renumbered;
    }
  }
  return [offsets, targets];
}
