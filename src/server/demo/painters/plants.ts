import type { Random } from '../random.ts';
import { circle, ellipse, hsl, linear, mix, n, path, pine, radial, rect, svgDocument, type Canvas } from './svg.ts';

/** Growing things: forests, autumn leaves and trees, flowers. */

const FORESTS = [
  { sky: ['#c9d8c5', '#e8efe4'], far: '#8fa88f', near: '#1c3b27' },
  { sky: ['#a9c3b6', '#dfe9e1'], far: '#7c9c8a', near: '#163326' },
  { sky: ['#d6d2b8', '#f1eedc'], far: '#9aa77f', near: '#22391f' },
  { sky: ['#9fb8c2', '#d9e6ea'], far: '#6f8f86', near: '#102a22' },
] as const;

export function paintForest(random: Random, canvas: Canvas): string {
  const { width: w, height: h } = canvas;
  const palette = random.pick(FORESTS);
  const defs = [
    linear('sky', [
      [0, palette.sky[0]],
      [1, palette.sky[1]],
    ]),
    linear('fog', [
      [0, '#ffffff', 0],
      [1, '#ffffff', 0.55],
    ]),
  ];
  const body = [rect(0, 0, w, h, 'url(#sky)')];
  if (random.chance(0.5)) body.push(circle(random.between(0.2, 0.8) * w, h * 0.22, w * 0.08, '#fffbe8', { 'fill-opacity': 0.7 }));
  const layers = random.int(3, 5);
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const ground = h * (0.55 + t * 0.4);
    const colour = mix(palette.far, palette.near, t);
    const size = h * (0.16 + t * 0.22);
    body.push(rect(0, ground - 1, w, h - ground + 1, colour));
    for (let x = -size * 0.2; x < w + size * 0.2; x += size * random.between(0.18, 0.32)) {
      body.push(pine(x, ground + random.between(0, size * 0.08), size * random.between(0.75, 1.15), colour));
    }
    if (i < layers - 1) body.push(rect(0, ground - size * 0.9, w, size, 'url(#fog)'));
  }
  return svgDocument(canvas, defs, body);
}

const LEAF_COLOURS = ['#d35400', '#e67e22', '#c0392b', '#f1c40f', '#a04000', '#b9770e', '#e74c3c'] as const;

function leaf(random: Random, x: number, y: number, size: number): string {
  const colour = random.pick(LEAF_COLOURS);
  const half = size * random.between(0.3, 0.45);
  const d = `M0 ${n(-size)} C${n(half * 1.6)} ${n(-size * 0.4)} ${n(half)} ${n(size * 0.6)} 0 ${n(size)} C${n(-half)} ${n(size * 0.6)} ${n(-half * 1.6)} ${n(-size * 0.4)} 0 ${n(-size)} Z`;
  const transform = `translate(${n(x)} ${n(y)}) rotate(${n(random.between(0, 360))})`;
  return `<g transform="${transform}">${path(d, colour)}${path(`M0 ${n(-size * 0.9)} L0 ${n(size * 1.15)}`, 'none', { stroke: mix(colour, '#3b1f0e', 0.5), 'stroke-width': Math.max(1, size * 0.05) })}</g>`;
}

export function paintAutumn(random: Random, canvas: Canvas): string {
  const { width: w, height: h } = canvas;
  if (random.chance(0.5)) {
    const ground = random.pick(['#5b3a22', '#6e5130', '#4a3b2a', '#7a5a3a']);
    const body = [rect(0, 0, w, h, ground)];
    const count = random.int(28, 46);
    for (let i = 0; i < count; i++) body.push(leaf(random, random.between(0, w), random.between(0, h), w * random.between(0.05, 0.11)));
    return svgDocument(canvas, [], body);
  }
  const defs = [
    linear('sky', [
      [0, random.pick(['#f6d5a8', '#cfd9e0', '#f3c38b'])],
      [1, '#fbeedd'],
    ]),
  ];
  const horizon = h * random.between(0.58, 0.72);
  const body = [rect(0, 0, w, h, 'url(#sky)'), rect(0, horizon, w, h - horizon, random.pick(['#9c6b2f', '#8a5a2b', '#a8742f']))];
  const trees = random.int(3, 6);
  for (let i = 0; i < trees; i++) {
    const x = random.between(0.05, 0.95) * w;
    const size = w * random.between(0.12, 0.22);
    const top = horizon - size * random.between(1.4, 2.2);
    body.push(rect(x - size * 0.07, top + size * 0.5, size * 0.14, horizon - top - size * 0.4, '#4a2c17'));
    for (let j = 0; j < 6; j++) {
      body.push(
        circle(x + random.between(-0.6, 0.6) * size, top + random.between(-0.3, 0.6) * size, size * random.between(0.45, 0.7), random.pick(LEAF_COLOURS), {
          'fill-opacity': 0.92,
        }),
      );
    }
  }
  const fallen = random.int(20, 40);
  for (let i = 0; i < fallen; i++) body.push(leaf(random, random.between(0, w), random.between(horizon, h), w * random.between(0.015, 0.03)));
  return svgDocument(canvas, defs, body);
}

const PETAL_HUES = [
  { hue: 340, sat: 75, light: 72 },
  { hue: 355, sat: 78, light: 52 },
  { hue: 48, sat: 95, light: 58 },
  { hue: 270, sat: 45, light: 66 },
  { hue: 15, sat: 90, light: 68 },
  { hue: 320, sat: 60, light: 85 },
] as const;

function flower(random: Random, x: number, y: number, r: number, petals: { hue: number; sat: number; light: number }): string {
  const count = random.int(5, 12);
  const fill = hsl(petals.hue + random.between(-8, 8), petals.sat, petals.light + random.between(-6, 6));
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const angle = (360 / count) * i + random.between(-5, 5);
    parts.push(
      `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">${ellipse(0, -r * 0.55, r * 0.26, r * 0.55, fill, { 'fill-opacity': 0.95 })}</g>`,
    );
  }
  parts.push(circle(x, y, r * 0.22, random.pick(['#f9d342', '#7a4a1e', '#f2b632'])));
  return parts.join('');
}

export function paintFlowers(random: Random, canvas: Canvas): string {
  const { width: w, height: h } = canvas;
  const bouquet = random.chance(0.35);
  const back = bouquet ? random.pick(['#f6e8e1', '#eef3e6', '#f3e9f4']) : random.pick(['#2e5e3a', '#3f6e3c', '#284d35']);
  const defs = [
    radial('light', w * 0.3, h * 0.3, Math.max(w, h) * 0.8, [
      [0, '#ffffff', bouquet ? 0.4 : 0.25],
      [1, '#ffffff', 0],
    ]),
  ];
  const body = [rect(0, 0, w, h, back), rect(0, 0, w, h, 'url(#light)')];
  const bokeh = random.int(6, 14);
  for (let i = 0; i < bokeh; i++)
    body.push(circle(random.between(0, w), random.between(0, h), w * random.between(0.04, 0.12), bouquet ? '#ffffff' : '#9ccc65', { 'fill-opacity': 0.15 }));
  const palette = random.pick(PETAL_HUES);
  const count = random.int(5, 12);
  for (let i = 0; i < count; i++) {
    const x = random.between(0.1, 0.9) * w;
    const y = random.between(0.15, 0.85) * h;
    const r = w * random.between(0.07, 0.15);
    body.push(
      path(`M${n(x)} ${n(y)} Q${n(x + random.between(-30, 30))} ${n((y + h) / 2)} ${n(x + random.between(-20, 20))} ${n(h)}`, 'none', {
        stroke: '#4f7f3a',
        'stroke-width': Math.max(2, r * 0.08),
      }),
    );
    body.push(flower(random, x, y, r, random.chance(0.75) ? palette : random.pick(PETAL_HUES)));
  }
  return svgDocument(canvas, defs, body);
}
