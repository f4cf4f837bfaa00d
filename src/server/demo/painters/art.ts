import type { Random } from '../random.ts';
import { circle, ellipse, hsl, n, path, polygon, radial, rect, svgDocument, type Canvas } from './svg.ts';

/** Made-up pictures: geometric compositions, deep space, and the members' profile pictures. */

const PALETTES = [
  ['#e63946', '#f1c453', '#1d3557', '#457b9d', '#2a9d8f'],
  ['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51'],
  ['#000000', '#d62828', '#f77f00', '#fcbf49', '#eae2b7'],
  ['#22223b', '#4a4e69', '#9a8c98', '#c9ada7', '#f2e9e4'],
] as const;
const GROUNDS = ['#f4efe6', '#1d1d1d', '#e9e4d4', '#fbfbf8'] as const;

export function paintGeometric(random: Random, canvas: Canvas): string {
  const { width: w, height: h } = canvas;
  const palette = random.pick(PALETTES);
  const body = [rect(0, 0, w, h, random.pick(GROUNDS))];
  const columns = random.int(2, 4);
  const cell = w / columns;
  const rows = Math.ceil(h / cell);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      body.push(shape(random, `cell${row}_${column}`, column * cell, row * cell, cell, [random.pick(palette), random.pick(palette)]));
    }
  }
  return svgDocument(canvas, [], body);
}

/** One cell of a Bauhaus-style grid: a square, circle, half or quarter disc, triangle or stripes. */
function shape(random: Random, id: string, x: number, y: number, size: number, [colour, second]: [string, string]): string {
  const kind = random.int(0, 6);
  const r = size / 2;
  switch (kind) {
    case 0:
      return rect(x, y, size, size, colour);
    case 1:
      return rect(x, y, size, size, second) + circle(x + r, y + r, r * 0.8, colour);
    case 2:
      return path(`M${n(x)} ${n(y + size)} A${n(r)} ${n(r)} 0 0 1 ${n(x + size)} ${n(y + size)} Z`, colour);
    case 3: {
      const corner = random.int(0, 3);
      const cx = x + (corner % 2) * size;
      const cy = y + Math.floor(corner / 2) * size;
      return (
        rect(x, y, size, size, second) +
        `<clipPath id="${id}">${rect(x, y, size, size, '#fff')}</clipPath>` +
        circle(cx, cy, size, colour, { 'clip-path': `url(#${id})` })
      );
    }
    case 4:
      return polygon(
        [
          [x, y + size],
          [x + size, y + size],
          [x + (random.chance(0.5) ? 0 : size), y],
        ],
        colour,
      );
    case 5: {
      const stripes = random.int(3, 6);
      return Array.from({ length: stripes }, (_, i) => rect(x, y + (i * size) / stripes, size, size / stripes / 2, colour)).join('');
    }
    default:
      return '';
  }
}

export function paintSpace(random: Random, canvas: Canvas): string {
  const { width: w, height: h } = canvas;
  const defs = [
    radial('deep', w * 0.5, h * 0.5, Math.max(w, h) * 0.75, [
      [0, random.pick(['#1b1035', '#0d1b3d', '#2a0f2e'])],
      [1, '#030308'],
    ]),
  ];
  const body = [rect(0, 0, w, h, 'url(#deep)')];
  const clouds = random.int(3, 6);
  const hue = random.between(0, 360);
  for (let i = 0; i < clouds; i++) {
    const id = `neb${i}`;
    const cloudHue = hue + random.pick([0, 40, 180, 280]);
    const [cx, cy, r] = [random.between(0, w), random.between(0, h), Math.max(w, h) * random.between(0.2, 0.45)];
    defs.push(
      radial(id, cx, cy, r, [
        [0, hsl(cloudHue, 80, 60), 0.55],
        [1, hsl(cloudHue, 80, 40), 0],
      ]),
    );
    // A disc, not a full-canvas rect: the gradient is transparent beyond r, and smaller is faster.
    body.push(circle(cx, cy, r, `url(#${id})`));
  }
  const stars = random.int(150, 320);
  for (let i = 0; i < stars; i++)
    body.push(
      circle(random.between(0, w), random.between(0, h), random.between(0.4, 1.8), random.chance(0.8) ? '#ffffff' : '#bcd7ff', {
        'fill-opacity': random.between(0.4, 1),
      }),
    );
  if (random.chance(0.6)) {
    const px = random.between(0.25, 0.75) * w;
    const py = random.between(0.25, 0.75) * h;
    const pr = w * random.between(0.12, 0.22);
    const planetHue = random.between(0, 360);
    defs.push(
      radial('planet', px - pr * 0.4, py - pr * 0.4, pr * 1.6, [
        [0, hsl(planetHue, 55, 65)],
        [1, hsl(planetHue, 60, 12)],
      ]),
    );
    body.push(circle(px, py, pr, 'url(#planet)'));
    if (random.chance(0.6))
      body.push(
        ellipse(px, py, pr * 1.8, pr * 0.35, 'none', {
          stroke: hsl(planetHue + 30, 40, 75),
          'stroke-width': pr * 0.08,
          'stroke-opacity': 0.8,
          transform: `rotate(${n(random.between(-25, 25))} ${n(px)} ${n(py)})`,
        }),
      );
  }
  return svgDocument(canvas, defs, body);
}

/** A profile picture: a silhouette on a soft colour (no faces, no letters: fonts vary). */
export function paintAvatar(random: Random, canvas: Canvas): string {
  const { width: w, height: h } = canvas;
  const hue = random.between(0, 360);
  const body = [
    rect(0, 0, w, h, hsl(hue, 45, 78)),
    circle(w / 2, h * 0.4, w * 0.2, hsl(hue + 180, 30, 35)),
    ellipse(w / 2, h * 1.02, w * 0.38, h * 0.36, hsl(hue + 180, 30, 35)),
  ];
  return svgDocument(canvas, [], body);
}
