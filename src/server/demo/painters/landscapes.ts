import type { Random } from '../random.ts';
import { circle, ellipse, linear, mix, n, path, pine, polygon, radial, rect, ridge, rollingHill, svgDocument, type Canvas } from './svg.ts';

/** Wide open views: mountains, the sea, the desert and snow. Each varies its light and layout. */

const MOUNTAIN_SKIES = [
  { top: '#2b3a67', bottom: '#f4a582', far: '#b98fa8', near: '#2a2440' },
  { top: '#3a7bd5', bottom: '#d6ecff', far: '#9db8d6', near: '#25405e' },
  { top: '#2c1f4a', bottom: '#e07a5f', far: '#8e6a8c', near: '#1f1630' },
  { top: '#8fb3c9', bottom: '#f1e4d8', far: '#a9b8c6', near: '#3d4f5f' },
] as const;

export function paintMountains(random: Random, canvas: Canvas): string {
  const { width: w, height: h } = canvas;
  const sky = random.pick(MOUNTAIN_SKIES);
  const body: string[] = [rect(0, 0, w, h, 'url(#sky)')];
  body.push(circle(random.between(0.15, 0.85) * w, random.between(0.12, 0.35) * h, w * random.between(0.05, 0.1), '#fff4d6', { 'fill-opacity': 0.85 }));
  const layers = random.int(4, 5);
  const defs = [
    linear('sky', [
      [0, sky.top],
      [1, sky.bottom],
    ]),
  ];
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const baseY = h * (0.42 + t * 0.4);
    const points = ridge(random, canvas, baseY, h * (0.16 - t * 0.08), 0.58);
    const colour = mix(sky.far, sky.near, t);
    body.push(polygon(points, colour));
    if (i < 2) {
      // Snow caps: the same ridge, painted white above the snow line.
      defs.push(`<clipPath id="peak${i}">${polygon(points, '#fff')}</clipPath>`);
      body.push(rect(0, 0, w, baseY - h * 0.06, '#f7f9fc', { 'clip-path': `url(#peak${i})`, 'fill-opacity': 0.8 }));
    }
  }
  return svgDocument(canvas, defs, body);
}

const SEAS = [
  { sky: ['#87c5ea', '#e6f4fb'], sea: ['#0b5e8a', '#3fc1c9'], sun: '#fffbe6' },
  { sky: ['#ff9a62', '#ffd6a5'], sea: ['#23395d', '#e07a5f'], sun: '#ffe29a' },
  { sky: ['#5b8fd0', '#cfe3f5'], sea: ['#065a82', '#1c9bb8'], sun: '#ffffff' },
  { sky: ['#f7b2bd', '#fde2c9'], sea: ['#3b6b9a', '#9fd3e0'], sun: '#fff1d6' },
] as const;

export function paintOcean(random: Random, canvas: Canvas): string {
  const { width: w, height: h } = canvas;
  const palette = random.pick(SEAS);
  const horizon = h * random.between(0.32, 0.55);
  const defs = [
    linear('sky', [
      [0, palette.sky[0]],
      [1, palette.sky[1]],
    ]),
    linear('sea', [
      [0, palette.sea[0]],
      [1, palette.sea[1]],
    ]),
  ];
  const body = [rect(0, 0, w, horizon, 'url(#sky)'), rect(0, horizon, w, h - horizon, 'url(#sea)')];
  const sunX = random.between(0.2, 0.8) * w;
  body.push(circle(sunX, horizon - random.between(0.02, 0.2) * h, w * random.between(0.05, 0.09), palette.sun, { 'fill-opacity': 0.9 }));
  for (let i = 0; i < 14; i++) {
    // The sun's glitter on the water, narrower towards the horizon.
    const y = horizon + ((i + 1) / 15) * (h - horizon) * 0.6;
    body.push(ellipse(sunX, y, w * (0.02 + i * 0.006), 1.5 + i * 0.2, palette.sun, { 'fill-opacity': 0.5 }));
  }
  const waves = random.int(8, 13);
  for (let i = 0; i < waves; i++) {
    const y = horizon + ((i + 0.5) / waves) ** 1.6 * (h - horizon);
    const amplitude = 2 + (i / waves) * h * 0.015;
    const length = w / random.between(2, 5);
    let d = `M0 ${n(y)}`;
    for (let x = 0; x < w; x += length) d += ` q${n(length / 4)} ${n(-amplitude)} ${n(length / 2)} 0 t${n(length / 2)} 0`;
    body.push(path(d, 'none', { stroke: '#ffffff', 'stroke-width': 1 + (i / waves) * 4, 'stroke-opacity': 0.35 }));
  }
  if (random.chance(0.5)) {
    const shore = h * random.between(0.75, 0.88);
    body.push(path(`M0 ${n(shore)} Q${n(w * 0.5)} ${n(shore - h * 0.08)} ${n(w)} ${n(shore + h * 0.02)} L${n(w)} ${n(h)} L0 ${n(h)} Z`, '#e9d3a8'));
    body.push(
      path(`M0 ${n(shore)} Q${n(w * 0.5)} ${n(shore - h * 0.08)} ${n(w)} ${n(shore + h * 0.02)}`, 'none', {
        stroke: '#ffffff',
        'stroke-width': 6,
        'stroke-opacity': 0.8,
      }),
    );
  }
  return svgDocument(canvas, defs, body);
}

const DESERTS = [
  { sky: ['#9ccbe8', '#f6e7d2'], sand: ['#f2cf8f', '#b8622e'] },
  { sky: ['#f4a259', '#fbe3c0'], sand: ['#f0b96b', '#9c4a1a'] },
  { sky: ['#c6dbe9', '#fdf1dc'], sand: ['#eed49a', '#c07a3f'] },
] as const;

export function paintDesert(random: Random, canvas: Canvas): string {
  const { width: w, height: h } = canvas;
  const palette = random.pick(DESERTS);
  const defs = [
    linear('sky', [
      [0, palette.sky[0]],
      [1, palette.sky[1]],
    ]),
  ];
  const body = [rect(0, 0, w, h, 'url(#sky)')];
  body.push(circle(random.between(0.2, 0.8) * w, random.between(0.12, 0.3) * h, w * random.between(0.07, 0.12), '#fff3d1', { 'fill-opacity': 0.9 }));
  const layers = random.int(3, 5);
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    body.push(path(rollingHill(random, canvas, h * (0.5 + t * 0.33), h * 0.06), mix(palette.sand[0], palette.sand[1], t * 0.8)));
  }
  const cacti = random.int(0, 3);
  for (let i = 0; i < cacti; i++) body.push(cactus(random, random.between(0.1, 0.9) * w, h * random.between(0.86, 0.96), h * random.between(0.12, 0.22)));
  return svgDocument(canvas, defs, body);
}

function cactus(random: Random, x: number, y: number, height: number): string {
  const green = random.pick(['#2f6b3a', '#3d7a45', '#2a5c36']);
  const stem = height * 0.16;
  const arm = (side: number) =>
    rect(x + side * stem * 1.2 - stem * 0.35, y - height * 0.72, stem * 0.7, height * 0.35, green, { rx: stem * 0.35 }) +
    rect(x + (side > 0 ? stem * 0.3 : -stem * 1.2), y - height * 0.45, stem * 0.9, stem * 0.6, green, { rx: stem * 0.3 });
  return rect(x - stem / 2, y - height, stem, height, green, { rx: stem / 2 }) + arm(-1) + (random.chance(0.7) ? arm(1) : '');
}

const WINTERS = [
  { sky: ['#a7c5e3', '#eef4fb'], hill: ['#ffffff', '#c9d9ea'], tree: '#2e4a4f' },
  { sky: ['#c3b8d9', '#f4f1fa'], hill: ['#fbfcff', '#cfd3e8'], tree: '#34404f' },
  { sky: ['#8fa6b8', '#dfe7ee'], hill: ['#f5f8fb', '#b8c8d6'], tree: '#26393d' },
] as const;

export function paintWinter(random: Random, canvas: Canvas): string {
  const { width: w, height: h } = canvas;
  const palette = random.pick(WINTERS);
  const defs = [
    linear('sky', [
      [0, palette.sky[0]],
      [1, palette.sky[1]],
    ]),
    radial('glow', w * 0.7, h * 0.2, w * 0.5, [
      [0, '#ffffff', 0.6],
      [1, '#ffffff', 0],
    ]),
  ];
  const body = [rect(0, 0, w, h, 'url(#sky)'), rect(0, 0, w, h, 'url(#glow)')];
  const layers = random.int(3, 4);
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const baseY = h * (0.48 + t * 0.3);
    body.push(path(rollingHill(random, canvas, baseY, h * 0.05), mix(palette.hill[1], palette.hill[0], t)));
    const trees = random.int(2, 7);
    for (let j = 0; j < trees; j++) {
      const size = h * (0.08 + t * 0.1) * random.between(0.7, 1.2);
      const x = random.between(0, w);
      body.push(pine(x, baseY + h * 0.02, size, mix(palette.hill[1], palette.tree, 0.4 + t * 0.6)));
      body.push(
        polygon(
          [
            [x, baseY + h * 0.02 - size],
            [x + size * 0.1, baseY + h * 0.02 - size * 0.8],
            [x - size * 0.1, baseY + h * 0.02 - size * 0.8],
          ],
          '#ffffff',
          { 'fill-opacity': 0.9 },
        ),
      );
    }
  }
  const flakes = random.int(60, 140);
  for (let i = 0; i < flakes; i++)
    body.push(circle(random.between(0, w), random.between(0, h), random.between(1, 3.5), '#ffffff', { 'fill-opacity': random.between(0.5, 0.95) }));
  return svgDocument(canvas, defs, body);
}
