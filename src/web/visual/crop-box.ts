/**
 * The box drawn over a pin's picture, as fractions of the picture (0 to 1), the shape the server
 * takes (VisualSearchFlashlightUnifiedResource crop). Pure: the selector's pointer and keyboard
 * handling come down to these.
 */
export type Crop = { x: number; y: number; w: number; h: number };

/** The server's smallest side (src/server/visual/crop.ts MIN_CROP), with a margin for rounding. */
export const MIN_SIDE = 0.06;
/** What the lens starts with: the middle of the picture. */
export const DEFAULT_CROP: Crop = { x: 0.2, y: 0.2, w: 0.6, h: 0.6 };
/** One arrow key press: 2% of the picture. */
export const KEY_STEP = 0.02;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Four decimals: enough for any picture, and the same box is the same cache key. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** The box kept inside the picture and at least MIN_SIDE a side, rounded. */
export function normalise(crop: Crop): Crop {
  const w = clamp(crop.w, MIN_SIDE, 1);
  const h = clamp(crop.h, MIN_SIDE, 1);
  const x = clamp(crop.x, 0, 1 - w);
  const y = clamp(crop.y, 0, 1 - h);
  const out = { x: round(x), y: round(y), w: round(w), h: round(h) };
  // Rounding may push an edge a hair past the picture.
  return { ...out, w: Math.min(out.w, round(1 - out.x)), h: Math.min(out.h, round(1 - out.y)) };
}

export function moveBy(crop: Crop, dx: number, dy: number): Crop {
  return normalise({ ...crop, x: clamp(crop.x + dx, 0, 1 - crop.w), y: clamp(crop.y + dy, 0, 1 - crop.h) });
}

/** Grows or shrinks from the top-left corner, which stays put. */
export function resizeBy(crop: Crop, dw: number, dh: number): Crop {
  return normalise({ ...crop, w: clamp(crop.w + dw, MIN_SIDE, 1 - crop.x), h: clamp(crop.h + dh, MIN_SIDE, 1 - crop.y) });
}

export type Point = { x: number; y: number };

/** The box spanned by a drag from `from` to `to` (either direction), or null for a click. */
export function spanned(from: Point, to: Point): Crop | null {
  const w = Math.abs(to.x - from.x);
  const h = Math.abs(to.y - from.y);
  if (w < MIN_SIDE / 2 && h < MIN_SIDE / 2) return null;
  return normalise({ x: Math.min(from.x, to.x), y: Math.min(from.y, to.y), w, h });
}

/** What an arrow key does: moves, or resizes with Shift; null for other keys. */
export function keyed(crop: Crop, key: string, shift: boolean): Crop | null {
  const delta: Record<string, [number, number]> = { ArrowLeft: [-KEY_STEP, 0], ArrowRight: [KEY_STEP, 0], ArrowUp: [0, -KEY_STEP], ArrowDown: [0, KEY_STEP] };
  const d = delta[key];
  if (!d) return null;
  return shift ? resizeBy(crop, d[0], d[1]) : moveBy(crop, d[0], d[1]);
}
