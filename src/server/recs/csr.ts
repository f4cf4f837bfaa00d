import { createIdHash, idsByNumber, internId, type IdHash } from './id-hash.ts';
import { indexOfWords, parseIdWords, sortedIds, type SortedIds } from './node-ids.ts';

/**
 * The pin–board graph in compressed sparse rows, both directions. Row `p` of the pin side is
 * `pinBoards[pinOffsets[p] .. pinOffsets[p + 1])`, the boards holding pin p; row `b` of the board
 * side lists the pins board b holds. Rows are ordered newest save first, which is what the walk's
 * recency bias draws on (walk.ts). Rows are not edited once built: a changed row moves to the
 * overlay, which marks its start offset (graph.ts).
 */
export type CsrGraph = {
  readonly pins: SortedIds;
  readonly boards: SortedIds;
  readonly pinOffsets: Uint32Array;
  readonly pinBoards: Uint32Array;
  readonly boardOffsets: Uint32Array;
  readonly boardPins: Uint32Array;
};

export function edgeCountOf(csr: CsrGraph): number {
  return csr.pinBoards.length;
}

/**
 * The size a minimal CSR of this graph would have: 32-bit offsets and neighbours, both
 * directions, nothing else. The yardstick for the graph's memory figure.
 */
export function theoreticalCsrBytes(pins: number, boards: number, edges: number): number {
  return 4 * (pins + 1) + 4 * (boards + 1) + 2 * 4 * edges;
}

/**
 * Collects saves, oldest first (the order the loader reads them), and builds the CSR. Each
 * (pin, board) pair must come once, as the database's unique key guarantees.
 */
export type GraphBuilder = {
  addSave(pinHi: number, pinLo: number, boardHi: number, boardLo: number): void;
  /** The same from decimal ids; false (and nothing added) when one is not an id. */
  addSaveIds(pinId: string, boardId: string): boolean;
  readonly saves: number;
  build(): CsrGraph;
};

export function createGraphBuilder(expectedSaves = 1024): GraphBuilder {
  const pins = createIdHash(expectedSaves / 4);
  const boards = createIdHash(expectedSaves / 16);
  let edgePin = new Uint32Array(Math.max(16, expectedSaves));
  let edgeBoard = new Uint32Array(edgePin.length);
  let count = 0;
  const addSave = (pinHi: number, pinLo: number, boardHi: number, boardLo: number) => {
    if (count === edgePin.length) {
      edgePin = grown(edgePin);
      edgeBoard = grown(edgeBoard);
    }
    edgePin[count] = internId(pins, pinHi, pinLo);
    edgeBoard[count] = internId(boards, boardHi, boardLo);
    count += 1;
  };
  return {
    addSave,
    addSaveIds(pinId, boardId) {
      const pin = parseIdWords(pinId);
      const board = parseIdWords(boardId);
      if (!pin || !board) return false;
      addSave(pin.hi, pin.lo, board.hi, board.lo);
      return true;
    },
    get saves() {
      return count;
    },
    build() {
      const [pinTable, pinRank] = rankIds(pins);
      const [boardTable, boardRank] = rankIds(boards);
      for (let i = 0; i < count; i++) {
        edgePin[i] = pinRank[edgePin[i] ?? 0] ?? 0;
        edgeBoard[i] = boardRank[edgeBoard[i] ?? 0] ?? 0;
      }
      const [pinOffsets, pinBoards] = rowsNewestFirst(pinTable.count, count, edgePin, edgeBoard);
      const [boardOffsets, boardPins] = rowsNewestFirst(boardTable.count, count, edgeBoard, edgePin);
      return { pins: pinTable, boards: boardTable, pinOffsets, pinBoards, boardOffsets, boardPins };
    },
  };
}

function grown(array: Uint32Array): Uint32Array<ArrayBuffer> {
  const next = new Uint32Array(array.length * 2);
  next.set(array);
  return next;
}

/** The sorted table of the hash's ids and, for each first-seen number, the id's rank in it. */
function rankIds(hash: IdHash): [SortedIds, Uint32Array] {
  const byNumber = idsByNumber(hash);
  const words = new Uint32Array(byNumber.buffer);
  const table = sortedIds(byNumber.slice());
  const rank = new Uint32Array(hash.size);
  for (let i = 0; i < hash.size; i++) rank[i] = indexOfWords(table, words[2 * i + 1] ?? 0, words[2 * i] ?? 0);
  return [table, rank];
}

/**
 * Rows of `from` listing `to`, by counting sort. Edges arrive oldest first; filling each row from
 * the newest edge backwards leaves every row newest first.
 */
function rowsNewestFirst(rows: number, edges: number, from: Uint32Array, to: Uint32Array): [Uint32Array, Uint32Array] {
  const offsets = new Uint32Array(rows + 1);
  for (let i = 0; i < edges; i++) offsets[(from[i] ?? 0) + 1] = (offsets[(from[i] ?? 0) + 1] ?? 0) + 1;
  for (let r = 0; r < rows; r++) offsets[r + 1] = (offsets[r + 1] ?? 0) + (offsets[r] ?? 0);
  const cursor = offsets.slice(0, rows);
  const targets = new Uint32Array(edges);
  for (let i = edges - 1; i >= 0; i--) {
    const row = from[i] ?? 0;
    const at = cursor[row] ?? 0;
    targets[at] = to[i] ?? 0;
    cursor[row] = at + 1;
  }
  return [offsets, targets];
}
