import type { Random } from '../random.ts';
import { circle, ellipse, linear, mix, n, path, polygon, rect, svgDocument, type Canvas } from './svg.ts';

/** Made by people: cities at night, rooms, cars. */

const NIGHTS = [
  { sky: ['#0b1026', '#2b1d4e'], back: '#1d2444', front: '#0b0e1c' },
  { sky: ['#061a2b', '#1d4e5f'], back: '#13303d', front: '#07131a' },
  { sky: ['#1a0b2e', '#5c2a5e'], back: '#2a1838', front: '#0e0816' },
] as const;
const WINDOW_LIGHTS = ['#ffd86b', '#ffb347', '#fff2c4', '#9ad1ff'] as const;

export function paintCityAtNight(random: Random, canvas: Canvas): string {
  const { width: w, height: h } = canvas;
  const palette = random.pick(NIGHTS);
  const defs = [
    linear('sky', [
      [0, palette.sky[0]],
      [1, palette.sky[1]],
    ]),
  ];
  const body = [rect(0, 0, w, h, 'url(#sky)')];
  for (let i = 0; i < 60; i++)
    body.push(circle(random.between(0, w), random.between(0, h * 0.5), random.between(0.5, 1.6), '#ffffff', { 'fill-opacity': random.between(0.3, 0.9) }));
  if (random.chance(0.6)) body.push(circle(random.between(0.1, 0.9) * w, h * random.between(0.08, 0.25), w * 0.05, '#f4f1de', { 'fill-opacity': 0.95 }));
  const water = random.chance(0.4) ? h * random.between(0.78, 0.86) : h;
  for (const [layer, colour] of [
    [0, palette.back],
    [1, palette.front],
  ] as const) {
    let x = random.between(-w * 0.05, 0);
    while (x < w) {
      const bw = w * random.between(0.08, 0.2);
      const bh = h * random.between(layer === 0 ? 0.35 : 0.2, layer === 0 ? 0.7 : 0.55);
      const top = water - bh;
      body.push(rect(x, top, bw, bh + 1, colour));
      if (layer === 1) body.push(windows(random, x, top, bw, bh));
      x += bw + w * random.between(0, 0.02);
    }
  }
  if (water < h) {
    body.push(rect(0, water, w, h - water, mix(palette.sky[0], '#000000', 0.3)));
    for (let i = 0; i < 40; i++)
      body.push(rect(random.between(0, w), random.between(water, h), w * random.between(0.02, 0.08), 2, random.pick(WINDOW_LIGHTS), { 'fill-opacity': 0.45 }));
  }
  return svgDocument(canvas, defs, body);
}

function windows(random: Random, x: number, top: number, width: number, height: number): string {
  const size = Math.max(4, width / random.int(5, 8));
  const lit = random.between(0.25, 0.6);
  const light = random.pick(WINDOW_LIGHTS);
  const parts: string[] = [];
  for (let wy = top + size; wy < top + height - size; wy += size * 1.6) {
    for (let wx = x + size * 0.6; wx < x + width - size; wx += size * 1.5) {
      if (random.chance(lit)) parts.push(rect(wx, wy, size * 0.8, size, random.chance(0.85) ? light : random.pick(WINDOW_LIGHTS)));
    }
  }
  return parts.join('');
}

const WALLS = ['#b7c4a7', '#d9a087', '#efe6d8', '#a9bcd0', '#e8c5bd', '#f3efe7'] as const;
const SOFAS = ['#d4a437', '#2f6f73', '#8c8c8c', '#b5562f', '#2d3e5f', '#6b7b4b'] as const;

export function paintInterior(random: Random, canvas: Canvas): string {
  const { width: w, height: h } = canvas;
  const wall = random.pick(WALLS);
  const floorY = h * random.between(0.66, 0.78);
  const body = [rect(0, 0, w, floorY, wall), rect(0, floorY, w, h - floorY, '#b98a5a')];
  for (let y = floorY + 8; y < h; y += h * 0.035) body.push(rect(0, y, w, 2, '#8f6540', { 'fill-opacity': 0.5 }));
  const windowX = random.between(0.05, 0.55) * w;
  const windowW = w * random.between(0.25, 0.38);
  const windowTop = floorY * random.between(0.12, 0.25);
  const windowH = floorY * random.between(0.4, 0.55);
  body.push(rect(windowX - 6, windowTop - 6, windowW + 12, windowH + 12, '#fbfaf7'), rect(windowX, windowTop, windowW, windowH, '#dcefff'));
  body.push(rect(windowX + windowW / 2 - 3, windowTop, 6, windowH, '#fbfaf7'), rect(windowX, windowTop + windowH / 2 - 3, windowW, 6, '#fbfaf7'));
  body.push(
    polygon(
      [
        [windowX, windowTop + windowH],
        [windowX + windowW, windowTop + windowH],
        [windowX + windowW * 1.4, floorY + (h - floorY) * 0.8],
        [windowX + windowW * 0.2, floorY + (h - floorY) * 0.8],
      ],
      '#fff8e1',
      { 'fill-opacity': 0.25 },
    ),
  );
  const art = random.between(0.55, 0.8) * w;
  body.push(
    rect(art - w * 0.08, floorY * 0.2, w * 0.16, w * 0.2, '#3b3b3b'),
    rect(art - w * 0.07, floorY * 0.2 + w * 0.01, w * 0.14, w * 0.18, random.pick(['#e9c46a', '#2a9d8f', '#e76f51', '#f4f1de'])),
  );
  body.push(
    ellipse(w * 0.5, floorY + (h - floorY) * 0.55, w * 0.42, (h - floorY) * 0.28, random.pick(['#e8dcc8', '#c9b8a6', '#7d8c7a']), { 'fill-opacity': 0.9 }),
  );
  body.push(sofa(random, w, floorY));
  body.push(plant(random, random.chance(0.5) ? w * 0.1 : w * 0.9, floorY + (h - floorY) * 0.2, w * random.between(0.12, 0.18)));
  return svgDocument(canvas, [], body);
}

function sofa(random: Random, w: number, floorY: number): string {
  const colour = random.pick(SOFAS);
  const shade = mix(colour, '#000000', 0.2);
  const width = w * random.between(0.5, 0.7);
  const x = (w - width) / 2 + random.between(-0.1, 0.1) * w;
  const seatTop = floorY - w * 0.12;
  return [
    rect(x, seatTop - w * 0.14, width, w * 0.18, shade, { rx: w * 0.03 }),
    rect(x - w * 0.03, seatTop, width + w * 0.06, w * 0.12, colour, { rx: w * 0.02 }),
    rect(x - w * 0.05, seatTop - w * 0.06, w * 0.07, w * 0.18, shade, { rx: w * 0.02 }),
    rect(x + width - w * 0.02, seatTop - w * 0.06, w * 0.07, w * 0.18, shade, { rx: w * 0.02 }),
    rect(x + width * 0.15, seatTop - w * 0.09, width * 0.22, w * 0.09, random.pick(['#f4f1de', '#e9c46a', '#e07a5f']), { rx: w * 0.02 }),
    rect(x, floorY - w * 0.005, w * 0.02, w * 0.03, '#4a3426'),
    rect(x + width - w * 0.02, floorY - w * 0.005, w * 0.02, w * 0.03, '#4a3426'),
  ].join('');
}

function plant(random: Random, x: number, y: number, size: number): string {
  const parts = [
    polygon(
      [
        [x - size * 0.3, y - size * 0.5],
        [x + size * 0.3, y - size * 0.5],
        [x + size * 0.22, y],
        [x - size * 0.22, y],
      ],
      random.pick(['#c96f4a', '#f2efe9', '#3d3d3d']),
    ),
  ];
  const leaves = random.int(6, 10);
  for (let i = 0; i < leaves; i++) {
    const angle = -80 + (160 / (leaves - 1)) * i + random.between(-8, 8);
    parts.push(
      `<g transform="translate(${n(x)} ${n(y - size * 0.5)}) rotate(${n(angle)})">${ellipse(0, -size * 0.6, size * 0.16, size * 0.6, random.pick(['#3f7d3a', '#2e6b34', '#5a9a48']))}</g>`,
    );
  }
  return parts.join('');
}

const CAR_COLOURS = ['#c0392b', '#f1c40f', '#16a085', '#2c3e50', '#ecf0f1', '#e67e22', '#2980b9', '#8e44ad'] as const;

export function paintCar(random: Random, canvas: Canvas): string {
  const { width: w, height: h } = canvas;
  const sunset = random.chance(0.5);
  const defs = [
    linear(
      'sky',
      sunset
        ? [
            [0, '#3d2c5e'],
            [0.6, '#f08a5d'],
            [1, '#f9d29d'],
          ]
        : [
            [0, '#6fa8dc'],
            [1, '#e3f0fa'],
          ],
    ),
  ];
  const road = h * random.between(0.68, 0.8);
  const body = [rect(0, 0, w, road, 'url(#sky)'), rect(0, road, w, h - road, '#4a4a4f'), rect(0, road, w, h * 0.015, '#bdbdbd')];
  for (let x = random.between(0, 40); x < w; x += w * 0.22) body.push(rect(x, road + (h - road) * 0.55, w * 0.1, 5, '#f2f2f2'));
  const colour = random.pick(CAR_COLOURS);
  const carW = w * random.between(0.72, 0.88);
  const x = (w - carW) / 2;
  const wheelR = carW * 0.09;
  const base = road + (h - road) * 0.3;
  const bodyTop = base - wheelR - carW * 0.16;
  const cabinTop = bodyTop - carW * random.between(0.12, 0.17);
  body.push(ellipse(w / 2, base + wheelR * 0.2, carW * 0.52, wheelR * 0.35, '#000000', { 'fill-opacity': 0.3 }));
  body.push(
    polygon(
      [
        [x + carW * 0.24, bodyTop + 2],
        [x + carW * 0.34, cabinTop],
        [x + carW * 0.66, cabinTop],
        [x + carW * 0.8, bodyTop + 2],
      ],
      mix(colour, '#000000', 0.15),
    ),
  );
  body.push(
    polygon(
      [
        [x + carW * 0.28, bodyTop],
        [x + carW * 0.36, cabinTop + 6],
        [x + carW * 0.49, cabinTop + 6],
        [x + carW * 0.49, bodyTop],
      ],
      '#b8d4e3',
    ),
  );
  body.push(
    polygon(
      [
        [x + carW * 0.52, bodyTop],
        [x + carW * 0.52, cabinTop + 6],
        [x + carW * 0.64, cabinTop + 6],
        [x + carW * 0.75, bodyTop],
      ],
      '#b8d4e3',
    ),
  );
  body.push(rect(x, bodyTop, carW, base - wheelR * 0.4 - bodyTop, colour, { rx: carW * 0.05 }));
  body.push(rect(x + carW * 0.02, bodyTop + (base - bodyTop) * 0.45, carW * 0.96, 3, mix(colour, '#ffffff', 0.4)));
  body.push(ellipse(x + carW * 0.97, bodyTop + (base - bodyTop) * 0.25, carW * 0.025, carW * 0.018, '#fff6c8'));
  for (const wx of [x + carW * 0.2, x + carW * 0.8]) {
    body.push(circle(wx, base - wheelR * 0.4, wheelR, '#1b1b1b'), circle(wx, base - wheelR * 0.4, wheelR * 0.5, '#b0b0b0'));
  }
  body.push(path(`M${n(x)} ${n(bodyTop + 10)} l${n(carW)} 0`, 'none', { stroke: '#ffffff', 'stroke-width': 2, 'stroke-opacity': 0.3 }));
  return svgDocument(canvas, defs, body);
}
