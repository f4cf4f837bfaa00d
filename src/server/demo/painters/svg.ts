import type { Random } from '../random.ts';

/**
 * Small builders for the painters' SVG. Numbers are written with one decimal so the text (and so
 * the rendered pixels) depends on the seed only. No text elements: fonts differ between machines.
 */
export type Canvas = { width: number; height: number };

/** A painter draws one picture of its subject; the same Random state gives the same SVG. */
export type Painter = (random: Random, canvas: Canvas) => string;

export type Stop = readonly [offset: number, colour: string, opacity?: number];

export function n(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

export function svgDocument(canvas: Canvas, defs: readonly string[], body: readonly string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${canvas.width}" height="${canvas.height}" viewBox="0 0 ${canvas.width} ${canvas.height}"><defs>${defs.join('')}</defs>${body.join('')}</svg>`;
}

function stops(list: readonly Stop[]): string {
  return list
    .map(([offset, colour, opacity]) => `<stop offset="${n(offset)}" stop-color="${colour}"${opacity === undefined ? '' : ` stop-opacity="${n(opacity)}"`}/>`)
    .join('');
}

/** A gradient from top to bottom (or left to right when `horizontal`). */
export function linear(id: string, list: readonly Stop[], horizontal = false): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${horizontal ? 1 : 0}" y2="${horizontal ? 0 : 1}">${stops(list)}</linearGradient>`;
}

/** A radial gradient in user space, centred on (cx, cy). */
export function radial(id: string, cx: number, cy: number, r: number, list: readonly Stop[]): string {
  return `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}">${stops(list)}</radialGradient>`;
}

export function hsl(hue: number, saturation: number, lightness: number): string {
  const h = ((hue % 360) + 360) % 360;
  return `hsl(${n(h)},${n(clamp(saturation, 0, 100))}%,${n(clamp(lightness, 0, 100))}%)`;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

type Attributes = Record<string, string | number>;

function attributes(extra: Attributes): string {
  return Object.entries(extra)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? n(value) : value}"`)
    .join('');
}

export function rect(x: number, y: number, width: number, height: number, fill: string, extra: Attributes = {}): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" fill="${fill}"${attributes(extra)}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra: Attributes = {}): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${attributes(extra)}/>`;
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra: Attributes = {}): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${attributes(extra)}/>`;
}

export function path(d: string, fill: string, extra: Attributes = {}): string {
  return `<path d="${d}" fill="${fill}"${attributes(extra)}/>`;
}

export type Point = readonly [number, number];

export function polygon(points: readonly Point[], fill: string, extra: Attributes = {}): string {
  return `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${fill}"${attributes(extra)}/>`;
}

/**
 * A jagged skyline (midpoint displacement) across the canvas around `baseY`, closed along the
 * bottom edge: mountain ridges, distant hills.
 */
export function ridge(random: Random, canvas: Canvas, baseY: number, amplitude: number, roughness = 0.55): Point[] {
  const steps = 64;
  const heights = new Array<number>(steps + 1).fill(0);
  heights[0] = random.between(-amplitude, amplitude) / 2;
  heights[steps] = random.between(-amplitude, amplitude) / 2;
  for (let size = steps, spread = amplitude; size > 1; size /= 2, spread *= roughness) {
    for (let start = 0; start < steps; start += size) {
      const middle = start + size / 2;
      heights[middle] = ((heights[start] ?? 0) + (heights[start + size] ?? 0)) / 2 + random.between(-spread, spread);
    }
  }
  const top = heights.map((offset, i): Point => [(i / steps) * canvas.width, baseY - offset]);
  return [[0, canvas.height], ...top, [canvas.width, canvas.height]];
}

/** A smooth rolling line (dunes, snowy hills) around `baseY`, closed along the bottom edge. */
export function rollingHill(random: Random, canvas: Canvas, baseY: number, amplitude: number): string {
  const bumps = random.int(2, 4);
  const step = canvas.width / bumps;
  let d = `M0 ${n(canvas.height)} L0 ${n(baseY + random.between(-amplitude, amplitude))}`;
  for (let i = 1; i <= bumps; i++) {
    const x = i * step;
    const y = baseY + random.between(-amplitude, amplitude);
    const cy = baseY - random.between(0.3, 1) * amplitude * 2;
    d += ` Q${n(x - step / 2)} ${n(cy)} ${n(x)} ${n(y)}`;
  }
  return `${d} L${n(canvas.width)} ${n(canvas.height)} Z`;
}

/** Mixes two `#rrggbb` colours (t = 0 the first, 1 the second). */
export function mix(a: string, b: string, t: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  const out = [0, 1, 2].map((i) => Math.round(channel(a, i) + (channel(b, i) - channel(a, i)) * t));
  return `#${out.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** A pine tree: three stacked triangles and a trunk, its foot at (x, y). */
export function pine(x: number, y: number, height: number, fill: string, extra: Attributes = {}): string {
  const width = height * 0.42;
  const tiers = [0, 1, 2].map((i) => {
    const top = y - height + i * height * 0.22;
    const bottom = y - height * 0.12 - (2 - i) * height * 0.18;
    const half = (width / 2) * (0.6 + i * 0.2);
    return polygon(
      [
        [x, top],
        [x + half, bottom],
        [x - half, bottom],
      ],
      fill,
      extra,
    );
  });
  return rect(x - height * 0.03, y - height * 0.14, height * 0.06, height * 0.14, fill, extra) + tiers.join('');
}
