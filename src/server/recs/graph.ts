import { createGraphBuilder, edgeCountOf, type CsrGraph } from './csr.ts';
import { compactGraph } from './compact.ts';
import { degreeOf, rowOf, SUPERSEDED, type Side } from './graph-rows.ts';
import { bytesOfIds, idAt, indexOfId } from './node-ids.ts';

/**
 * The pin–board graph a node walks: a CSR (csr.ts) plus a small overlay of the rows that changed
 * since it was built. A changed row is copied whole into the overlay and edited there, and the
 * top bit of its start offset is set (`SUPERSEDED`): the walk reads that offset anyway, so telling
 * a changed row from the CSR's costs it no extra memory access, and only a marked node takes the
 * slower path. Ids not in the CSR get numbers after its last. `compact()` folds the overlay into a
 * new CSR; the recommender calls it when the overlay has grown (recommender.ts). The mark limits
 * a CSR to 2^31 - 1 saves.
 *
 * Only saves on public boards belong here: the graph is shared by every reader.
 */
export class PinBoardGraph {
  base: CsrGraph;
  /** Overlay rows by node number; a node at or past the CSR's count has its row only here. */
  readonly pinRows = new Map<number, number[]>();
  readonly boardRows = new Map<number, number[]>();
  /** Ids that came after the CSR was built, by number (minus the CSR's count) and by id. */
  private newPinIds: string[] = [];
  private newBoardIds: string[] = [];
  private readonly newPins = new Map<string, number>();
  private readonly newBoards = new Map<string, number>();
  /** Entries held in overlay rows: what compaction would fold in. */
  overlayEntries = 0;
  edges: number;
  /** Advances with every change; a cached ranking made at another version may be stale. */
  version = 0;

  constructor(base: CsrGraph) {
    this.base = base;
    this.edges = edgeCountOf(base);
  }

  static empty(): PinBoardGraph {
    return new PinBoardGraph(createGraphBuilder(16).build());
  }

  get basePins(): number {
    return this.base.pins.count;
  }

  get baseBoards(): number {
    return this.base.boards.count;
  }

  get pinCount(): number {
    return this.base.pins.count + this.newPinIds.length;
  }

  get boardCount(): number {
    return this.base.boards.count + this.newBoardIds.length;
  }

  pinIndex(id: string): number {
    const index = indexOfId(this.base.pins, id);
    return index >= 0 ? index : (this.newPins.get(id) ?? -1);
  }

  boardIndex(id: string): number {
    const index = indexOfId(this.base.boards, id);
    return index >= 0 ? index : (this.newBoards.get(id) ?? -1);
  }

  pinId(index: number): string {
    return index < this.basePins ? idAt(this.base.pins, index) : (this.newPinIds[index - this.basePins] ?? '');
  }

  boardId(index: number): string {
    return index < this.baseBoards ? idAt(this.base.boards, index) : (this.newBoardIds[index - this.baseBoards] ?? '');
  }

  /** The pin side: each pin's boards. */
  get pinSide(): Side {
    return { offsets: this.base.pinOffsets, targets: this.base.pinBoards, count: this.basePins, overlay: this.pinRows };
  }

  /** The board side: each board's pins. */
  get boardSide(): Side {
    return { offsets: this.base.boardOffsets, targets: this.base.boardPins, count: this.baseBoards, overlay: this.boardRows };
  }

  /** The boards holding a pin, newest save first. */
  boardsOf(pin: number): ArrayLike<number> {
    return rowOf(this.pinSide, pin);
  }

  /** The pins a board holds, newest save first. */
  pinsOf(board: number): ArrayLike<number> {
    return rowOf(this.boardSide, board);
  }

  /** A pin's public boards are now exactly these (newest save first); the boards' rows follow. */
  setPinBoards(pinId: string, boardIds: readonly string[]): void {
    const pin = this.pinIndex(pinId);
    if (pin < 0 && boardIds.length === 0) return;
    const p = pin >= 0 ? pin : this.addPin(pinId);
    const next = boardIds.map((id) => this.boardOrNew(id));
    const previous = Array.from(this.boardsOf(p));
    this.replaceRow(this.pinSide, p, next);
    const [gone, added] = difference(previous, next);
    for (const b of gone) this.dropFrom(this.boardSide, b, p);
    for (const b of added) this.prependTo(this.boardSide, b, p);
    this.edges += next.length - previous.length;
    this.version += 1;
  }

  /** A board's pins are now exactly these (newest save first): none for a board gone secret or deleted. */
  setBoardPins(boardId: string, pinIds: readonly string[]): void {
    const board = this.boardIndex(boardId);
    if (board < 0 && pinIds.length === 0) return;
    const b = board >= 0 ? board : this.addBoard(boardId);
    const next = pinIds.map((id) => this.pinOrNew(id));
    const previous = Array.from(this.pinsOf(b));
    this.replaceRow(this.boardSide, b, next);
    const [gone, added] = difference(previous, next);
    for (const p of gone) this.dropFrom(this.pinSide, p, b);
    for (const p of added) this.prependTo(this.pinSide, p, b);
    this.edges += next.length - previous.length;
    this.version += 1;
  }

  /** Folds the overlay into a new CSR; nodes left without edges are dropped. */
  compact(): void {
    this.base = compactGraph(this);
    this.pinRows.clear();
    this.boardRows.clear();
    this.newPinIds = [];
    this.newBoardIds = [];
    this.newPins.clear();
    this.newBoards.clear();
    this.overlayEntries = 0;
    this.edges = edgeCountOf(this.base);
    this.version += 1;
  }

  /**
   * Bytes the graph holds: the CSR's typed arrays, the id tables, and the overlay counted at 8
   * bytes an entry (a JavaScript array of small integers) and 64 bytes a row or new id.
   */
  memoryBytes(): number {
    const b = this.base;
    const csr = b.pinOffsets.byteLength + b.pinBoards.byteLength + b.boardOffsets.byteLength + b.boardPins.byteLength;
    const ids = bytesOfIds(b.pins) + bytesOfIds(b.boards);
    const overlay = 8 * this.overlayEntries + 64 * (this.pinRows.size + this.boardRows.size + this.newPinIds.length + this.newBoardIds.length);
    return csr + ids + overlay;
  }

  /** Up to `limit` of the newest pins that still have a public board, newest first. */
  newestPins(limit: number): number[] {
    const out: number[] = [];
    const side = this.pinSide;
    for (let p = this.pinCount - 1; p >= 0 && out.length < limit; p--) {
      if (degreeOf(side, p) > 0) out.push(p);
    }
    return out;
  }

  /** Ids added since the CSR was built (compaction reads them). */
  addedPinIds(): readonly string[] {
    return this.newPinIds;
  }

  addedBoardIds(): readonly string[] {
    return this.newBoardIds;
  }

  private addPin(id: string): number {
    const index = this.basePins + this.newPinIds.length;
    this.newPinIds.push(id);
    this.newPins.set(id, index);
    return index;
  }

  private addBoard(id: string): number {
    const index = this.baseBoards + this.newBoardIds.length;
    this.newBoardIds.push(id);
    this.newBoards.set(id, index);
    return index;
  }

  private boardOrNew(id: string): number {
    const index = this.boardIndex(id);
    return index >= 0 ? index : this.addBoard(id);
  }

  private pinOrNew(id: string): number {
    const index = this.pinIndex(id);
    return index >= 0 ? index : this.addPin(id);
  }

  private replaceRow(side: Side, node: number, row: number[]): void {
    this.overlayEntries += row.length - (side.overlay.get(node)?.length ?? 0);
    side.overlay.set(node, row);
    if (node < side.count) side.offsets[node] = ((side.offsets[node] ?? 0) | SUPERSEDED) >>> 0;
  }

  /** The node's row as an overlay array to edit, copied from the CSR the first time. */
  private editable(side: Side, node: number): number[] {
    const row = side.overlay.get(node);
    if (row) return row;
    const copy = Array.from(rowOf(side, node));
    this.replaceRow(side, node, copy);
    return copy;
  }

  private dropFrom(side: Side, node: number, neighbour: number): void {
    const row = this.editable(side, node);
    const at = row.indexOf(neighbour);
    if (at < 0) return;
    row.splice(at, 1);
    this.overlayEntries -= 1;
  }

  private prependTo(side: Side, node: number, neighbour: number): void {
    const row = this.editable(side, node);
    if (row.includes(neighbour)) return;
    row.unshift(neighbour);
    this.overlayEntries += 1;
  }
}

/** What `previous` has that `next` lacks, and the other way round. */
function difference(previous: readonly number[], next: readonly number[]): [number[], number[]] {
  const before = new Set(previous);
  const after = new Set(next);
  return [previous.filter((n) => !after.has(n)), next.filter((n) => !before.has(n))];
}
