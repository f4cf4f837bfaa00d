/**
 * Keyboard moves in the masonry grid: the arrows go to the tile above or below in the same
 * column, or to the tile beside in the next column (the one level with the current tile's
 * middle); Home and End go to the first and the last tile. Columns count from the inline start,
 * so in right-to-left text ArrowLeft goes to the next column.
 */

export type GridMove = 'up' | 'down' | 'previousColumn' | 'nextColumn' | 'first' | 'last';

export function moveForKey(key: string, dir: 'ltr' | 'rtl'): GridMove | null {
  switch (key) {
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    case 'ArrowLeft':
      return dir === 'rtl' ? 'nextColumn' : 'previousColumn';
    case 'ArrowRight':
      return dir === 'rtl' ? 'previousColumn' : 'nextColumn';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}

/** Where a tile is: its column and vertical extent. */
export type TileBox = { column: number; y: number; height: number };

/** The tile a move lands on; the same index when there is none that way. */
export function neighbour(boxes: readonly TileBox[], index: number, move: GridMove): number {
  const current = boxes[index];
  if (!current) return index;
  if (move === 'first') return 0;
  if (move === 'last') return boxes.length - 1;
  if (move === 'down') return nextInColumn(boxes, index, current.column, 1);
  if (move === 'up') return nextInColumn(boxes, index, current.column, -1);
  return besideInColumn(boxes, index, current.column + (move === 'nextColumn' ? 1 : -1));
}

/** Items fill a column top to bottom in index order, so the next one down is the next index there. */
function nextInColumn(boxes: readonly TileBox[], index: number, column: number, step: 1 | -1): number {
  for (let i = index + step; i >= 0 && i < boxes.length; i += step) {
    if (boxes[i]?.column === column) return i;
  }
  return index;
}

/** The tile of the other column whose middle is nearest the current tile's middle. */
function besideInColumn(boxes: readonly TileBox[], index: number, column: number): number {
  const current = boxes[index];
  if (!current) return index;
  const middle = current.y + current.height / 2;
  let best = index;
  let bestDistance = Infinity;
  boxes.forEach((box, i) => {
    if (box.column !== column) return;
    const inside = middle >= box.y && middle < box.y + box.height;
    const distance = inside ? 0 : Math.min(Math.abs(box.y - middle), Math.abs(box.y + box.height - middle));
    if (distance < bestDistance) {
      best = i;
      bestDistance = distance;
    }
  });
  return best;
}
