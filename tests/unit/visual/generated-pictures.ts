import { encodeFeatures, labHistogram, perceptualHash } from '../../../src/server/media/features.ts';
import { createPrng, nextFloat, type Prng } from '../../../src/server/recs/prng.ts';

/**
 * Pictures painted in memory and their visual features computed by features.ts itself (the
 * perceptual hash of the grey picture, the CIELAB histogram of its pixels), so the features have
 * the correlations real ones have: scenes in a theme's colours (a gradient, a few discs and
 * boxes), grouped in families of an original and its near copies (shifted a pixel or two,
 * cropped a little, lighter or darker, tinted), family sizes long-tailed as repins are. Painted
 * 32×32, the hash's own size, for speed: a feature takes about 0.15 ms. The visual index's tests
 * and benchmark draw from it; the same seed gives the same pictures.
 */
export type PictureWorld = {
  features: Buffer[];
  /** A new near copy of one of the world's scenes: its family is in the world. */
  nearCopy: (rng: Prng) => Buffer;
  /** A scene the world does not hold, in one of its themes. */
  unseen: (rng: Prng) => Buffer;
};

const SIDE = 32;
const THEMES = 60;
const COLOURS_PER_THEME = 5;

type Rgb = [number, number, number];
type Shape = { disc: boolean; x: number; y: number; rx: number; ry: number; colour: Rgb };
type Scene = { from: Rgb; to: Rgb; angle: number; shapes: Shape[] };
type Copy = { dx: number; dy: number; zoom: number; light: number; tint: Rgb };

const ORIGINAL: Copy = { dx: 0, dy: 0, zoom: 1, light: 1, tint: [0, 0, 0] };

function between(rng: Prng, low: number, high: number): number {
  return low + nextFloat(rng) * (high - low);
}

function pick<T>(rng: Prng, items: readonly T[]): T {
  const item = items[Math.floor(nextFloat(rng) * items.length)];
  if (item === undefined) throw new Error('Nothing to pick from');
  return item;
}

function themes(rng: Prng): Rgb[][] {
  return Array.from({ length: THEMES }, () => {
    const base: Rgb = [between(rng, 0, 255), between(rng, 0, 255), between(rng, 0, 255)];
    return Array.from(
      { length: COLOURS_PER_THEME },
      (): Rgb => [0, 1, 2].map((c) => Math.max(0, Math.min(255, (base[c] ?? 0) + between(rng, -90, 90)))) as Rgb,
    );
  });
}

function sceneOf(rng: Prng, palette: readonly Rgb[]): Scene {
  const shapes = Array.from({ length: 2 + Math.floor(nextFloat(rng) * 6) }, () => ({
    disc: nextFloat(rng) < 0.5,
    x: between(rng, 0, SIDE),
    y: between(rng, 0, SIDE),
    rx: between(rng, 2, SIDE / 2.5),
    ry: between(rng, 2, SIDE / 2.5),
    colour: pick(rng, palette),
  }));
  return { from: pick(rng, palette), to: pick(rng, palette), angle: between(rng, 0, 2 * Math.PI), shapes };
}

function copyOf(rng: Prng): Copy {
  return {
    dx: between(rng, -1.5, 1.5),
    dy: between(rng, -1.5, 1.5),
    zoom: between(rng, 1, 1.12),
    light: between(rng, 0.9, 1.1),
    tint: [between(rng, -8, 8), between(rng, -8, 8), between(rng, -8, 8)],
  };
}

/** The index of the topmost shape at (x, y), or -1 for the gradient. */
function shapeAt(shapes: readonly Shape[], x: number, y: number): number {
  for (let i = shapes.length - 1; i >= 0; i--) {
    const s = shapes[i];
    if (!s) continue;
    const u = Math.abs(x - s.x) / s.rx;
    const v = Math.abs(y - s.y) / s.ry;
    if (s.disc ? u * u + v * v <= 1 : u <= 1 && v <= 1) return i;
  }
  return -1;
}

/** The scene as seen through a copy's changes, and its features. */
function paint(scene: Scene, copy: Copy): Buffer {
  // Clamped on write; the rounding is ours.
  const rgba = new Uint8ClampedArray(SIDE * SIDE * 4);
  const grey = new Uint8Array(SIDE * SIDE);
  const [cos, sin] = [Math.cos(scene.angle), Math.sin(scene.angle)];
  const colour = new Float64Array(3);
  for (let y = 0; y < SIDE; y++) {
    const v = (y + 0.5 - SIDE / 2) / copy.zoom + SIDE / 2 - copy.dy;
    for (let x = 0; x < SIDE; x++) {
      const u = (x + 0.5 - SIDE / 2) / copy.zoom + SIDE / 2 - copy.dx;
      const shape = scene.shapes[shapeAt(scene.shapes, u, v)];
      const t = Math.max(0, Math.min(1, 0.5 + ((u - SIDE / 2) * cos + (v - SIDE / 2) * sin) / SIDE));
      for (let c = 0; c < 3; c++) colour[c] = shape ? (shape.colour[c] ?? 0) : (scene.from[c] ?? 0) * (1 - t) + (scene.to[c] ?? 0) * t;
      const at = (y * SIDE + x) * 4;
      for (let c = 0; c < 3; c++) rgba[at + c] = Math.round((colour[c] ?? 0) * copy.light + (copy.tint[c] ?? 0));
      rgba[at + 3] = 255;
      grey[y * SIDE + x] = Math.round(0.2126 * (rgba[at] ?? 0) + 0.7152 * (rgba[at + 1] ?? 0) + 0.0722 * (rgba[at + 2] ?? 0));
    }
  }
  return encodeFeatures(perceptualHash(grey), labHistogram(new Uint8Array(rgba.buffer)));
}

/** Most scenes are pinned once; a few are saved again and again. */
function familySize(rng: Prng): number {
  return nextFloat(rng) < 0.6 ? 1 : Math.min(40, 1 + Math.floor(1 / Math.max(0.02, nextFloat(rng)) ** 0.8));
}

export function pictureWorld(count: number, seed: number): PictureWorld {
  const rng = createPrng(seed);
  const palettes = themes(rng);
  const scenes: Scene[] = [];
  const features: Buffer[] = [];
  while (features.length < count) {
    const scene = sceneOf(rng, pick(rng, palettes));
    scenes.push(scene);
    const size = Math.min(familySize(rng), count - features.length);
    for (let i = 0; i < size; i++) features.push(paint(scene, i === 0 ? ORIGINAL : copyOf(rng)));
  }
  return {
    features,
    nearCopy: (r) => paint(pick(r, scenes), copyOf(r)),
    unseen: (r) => paint(sceneOf(r, pick(r, palettes)), ORIGINAL),
  };
}
