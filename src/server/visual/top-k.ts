/** A place in the order of results: nearer first, equal distances newest id first. */
export type Neighbour = { id: bigint; distance: number };

/** Whether (distance, id) comes after `cursor` in result order. */
export function follows(distance: number, id: bigint, cursor: Neighbour): boolean {
  return distance > cursor.distance || (distance === cursor.distance && id < cursor.id);
}

/** The k best (distance, id) pairs seen, in a max-heap on result order: the worst on top. */
export class TopK {
  private readonly distances: Float64Array;
  private readonly ids: BigUint64Array;
  private count = 0;
  private readonly k: number;

  constructor(k: number) {
    this.k = k;
    this.distances = new Float64Array(k);
    this.ids = new BigUint64Array(k);
  }

  get full(): boolean {
    return this.count === this.k;
  }

  get worst(): number {
    return this.distances[0] ?? Infinity;
  }

  offer(distance: number, id: bigint): void {
    if (this.k === 0) return;
    if (this.count < this.k) {
      this.siftUp(this.count++, distance, id);
      return;
    }
    // Replaces the top only when the newcomer comes before it in result order.
    const top: Neighbour = { distance: this.distances[0] ?? 0, id: this.ids[0] ?? 0n };
    if (!follows(top.distance, top.id, { distance, id })) return;
    this.siftDown(0, distance, id);
  }

  sorted(): Neighbour[] {
    const out: Neighbour[] = [];
    for (let i = 0; i < this.count; i++) out.push({ distance: this.distances[i] ?? 0, id: this.ids[i] ?? 0n });
    return out.sort((a, b) => a.distance - b.distance || (a.id > b.id ? -1 : a.id < b.id ? 1 : 0));
  }

  /** a comes after b in result order (is worse). */
  private worse(da: number, ia: bigint, db: number, ib: bigint): boolean {
    return follows(da, ia, { distance: db, id: ib });
  }

  private siftUp(at: number, distance: number, id: bigint): void {
    let i = at;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.worse(distance, id, this.distances[parent] ?? 0, this.ids[parent] ?? 0n)) break;
      this.distances[i] = this.distances[parent] ?? 0;
      this.ids[i] = this.ids[parent] ?? 0n;
      i = parent;
    }
    this.distances[i] = distance;
    this.ids[i] = id;
  }

  private siftDown(at: number, distance: number, id: bigint): void {
    let i = at;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.count) break;
      const right = left + 1;
      let child = left;
      if (right < this.count && this.worse(this.distances[right] ?? 0, this.ids[right] ?? 0n, this.distances[left] ?? 0, this.ids[left] ?? 0n)) child = right;
      if (!this.worse(this.distances[child] ?? 0, this.ids[child] ?? 0n, distance, id)) break;
      this.distances[i] = this.distances[child] ?? 0;
      this.ids[i] = this.ids[child] ?? 0n;
      i = child;
    }
    this.distances[i] = distance;
    this.ids[i] = id;
  }
}
