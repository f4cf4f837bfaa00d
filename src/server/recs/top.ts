/**
 * The `limit` highest-scoring of `count` candidates in `items`, best first (ties: the lower
 * number first, so the order is reproducible), through a min-heap of `limit` entries: a walk
 * reaches tens of thousands of pins and a feed needs a few hundred.
 */
export function topByScore(items: Uint32Array, count: number, score: (item: number) => number, limit: number, exclude: ReadonlySet<number>): number[] {
  const heap: number[] = [];
  const worse = (a: number, b: number) => {
    const sa = score(a);
    const sb = score(b);
    return sa < sb || (sa === sb && a > b);
  };
  for (let i = 0; i < count; i++) {
    const item = items[i] ?? 0;
    if (exclude.has(item)) continue;
    if (heap.length < limit) {
      heap.push(item);
      siftUp(heap, heap.length - 1, worse);
    } else if (limit > 0 && worse(heap[0] ?? 0, item)) {
      heap[0] = item;
      siftDown(heap, 0, worse);
    }
  }
  return heap.sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
}

type Worse = (a: number, b: number) => boolean;

function siftUp(heap: number[], at: number, worse: Worse): void {
  while (at > 0) {
    const parent = (at - 1) >> 1;
    if (!worse(heap[at] ?? 0, heap[parent] ?? 0)) return;
    swap(heap, at, parent);
    at = parent;
  }
}

function siftDown(heap: number[], at: number, worse: Worse): void {
  for (;;) {
    const left = 2 * at + 1;
    const right = left + 1;
    let worst = at;
    if (left < heap.length && worse(heap[left] ?? 0, heap[worst] ?? 0)) worst = left;
    if (right < heap.length && worse(heap[right] ?? 0, heap[worst] ?? 0)) worst = right;
    if (worst === at) return;
    swap(heap, at, worst);
    at = worst;
  }
}

function swap(heap: number[], a: number, b: number): void {
  const t = heap[a] ?? 0;
  heap[a] = heap[b] ?? 0;
  heap[b] = t;
}
