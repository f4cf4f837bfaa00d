import type { Random } from '../random.ts';
import { circle, ellipse, mix, n, path, polygon, rect, svgDocument, type Canvas } from './svg.ts';

/** Things to eat and drink: desserts on a plate, coffee from above. */

const PASTELS = ['#fde2e4', '#e2f0cb', '#fff1c1', '#dbe7f7', '#f9e0f0', '#ffe5d0'] as const;
const FROSTINGS = ['#f7a1b5', '#fff5e6', '#b5e3d8', '#cdb4db', '#6b3e26', '#ffd6a5'] as const;
const SPRINKLES = ['#e63946', '#f1c453', '#2a9d8f', '#457b9d', '#ffffff', '#f78fb3'] as const;

export function paintDessert(random: Random, canvas: Canvas): string {
  const { width: w, height: h } = canvas;
  const back = random.pick(PASTELS);
  // On tall and wide canvases the table comes up: treats neither under an empty wall nor cut off.
  const table = h * (h > w * 1.3 || w > h * 1.2 ? random.between(0.45, 0.58) : random.between(0.58, 0.7));
  const body = [rect(0, 0, w, h, back), rect(0, table, w, h - table, mix(back, '#8d6e63', 0.18))];
  if (random.chance(0.6)) body.push(bunting(random, w, h * random.between(0.06, 0.2)));
  const plateY = table + (h - table) * 0.35;
  // Sized by the shorter side, so a wide picture's cake still fits under its top edge.
  const size = Math.min(w, h * 0.95);
  body.push(
    ellipse(w / 2, plateY + 8, size * 0.42, size * 0.1, '#000000', { 'fill-opacity': 0.12 }),
    ellipse(w / 2, plateY, size * 0.42, size * 0.1, '#ffffff'),
  );
  const kind = random.int(0, 2);
  if (kind === 0) body.push(cake(random, w / 2, plateY, size * random.between(0.45, 0.6)));
  else if (kind === 1) for (const dx of [-0.2, 0.2]) body.push(cupcake(random, w / 2 + dx * size, plateY, size * 0.3));
  else body.push(macarons(random, w / 2, plateY, size * 0.6));
  const sprinkles = random.int(20, 50);
  for (let i = 0; i < sprinkles; i++) {
    const x = random.between(0, w);
    const y = random.between(table, h);
    body.push(
      `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(random.between(0, 180))})">${rect(-4, -1.5, 8, 3, random.pick(SPRINKLES), { rx: 1.5 })}</g>`,
    );
  }
  return svgDocument(canvas, [], body);
}

/** A party garland: a sagging string with little flags. */
function bunting(random: Random, w: number, y: number): string {
  const sag = w * 0.08;
  const parts = [path(`M0 ${n(y)} Q${n(w / 2)} ${n(y + sag * 2)} ${n(w)} ${n(y)}`, 'none', { stroke: '#8d6e63', 'stroke-width': 2 })];
  const flags = random.int(7, 11);
  for (let i = 0; i < flags; i++) {
    const t = (i + 0.5) / flags;
    const x = t * w;
    const top = y + 4 * sag * t * (1 - t);
    const half = w / flags / 2.6;
    parts.push(
      polygon(
        [
          [x - half, top],
          [x + half, top],
          [x, top + half * 2.2],
        ],
        random.pick(SPRINKLES),
      ),
    );
  }
  return parts.join('');
}

function cake(random: Random, cx: number, base: number, width: number): string {
  const layers = random.int(2, 4);
  const layerH = width * 0.16;
  const sponge = random.pick(['#f3d9a4', '#6b3e26', '#f7c6c7', '#fff0d4']);
  const frosting = random.pick(FROSTINGS);
  const parts: string[] = [];
  for (let i = 0; i < layers; i++) {
    const y = base - (i + 1) * layerH;
    parts.push(rect(cx - width / 2, y, width, layerH * 0.72, sponge), rect(cx - width / 2, y + layerH * 0.72, width, layerH * 0.28, frosting));
  }
  const top = base - layers * layerH;
  parts.push(rect(cx - width / 2 - 4, top - layerH * 0.35, width + 8, layerH * 0.4, frosting, { rx: 8 }));
  for (let x = cx - width / 2; x < cx + width / 2; x += width / 7)
    parts.push(ellipse(x + width / 14, top + random.between(2, 12), width / 16, random.between(6, 16), frosting));
  for (let i = 0; i < 3; i++) parts.push(circle(cx + (i - 1) * width * 0.25, top - layerH * 0.45, width * 0.05, '#c1121f'));
  return parts.join('');
}

function cupcake(random: Random, cx: number, base: number, width: number): string {
  const liner = random.pick(['#f28482', '#84a59d', '#f6bd60', '#9d8189']);
  const frosting = random.pick(FROSTINGS);
  const top = base - width * 0.55;
  const parts = [
    polygon(
      [
        [cx - width / 2, top],
        [cx + width / 2, top],
        [cx + width * 0.36, base],
        [cx - width * 0.36, base],
      ],
      liner,
    ),
  ];
  for (let i = 0; i < 5; i++) parts.push(rect(cx - width * 0.4 + i * width * 0.19, top + 4, 3, width * 0.5, mix(liner, '#000000', 0.15)));
  for (let i = 0; i < 3; i++) parts.push(ellipse(cx, top - i * width * 0.16, width * (0.55 - i * 0.14), width * 0.16, mix(frosting, '#ffffff', i * 0.1)));
  parts.push(circle(cx, top - width * 0.52, width * 0.08, '#c1121f'));
  return parts.join('');
}

function macarons(random: Random, cx: number, base: number, width: number): string {
  const parts: string[] = [];
  const count = random.int(4, 6);
  for (let i = 0; i < count; i++) {
    const x = cx - width / 2 + ((i + 0.5) / count) * width;
    const y = base - (i % 2) * width * 0.06;
    const shell = random.pick(FROSTINGS);
    const r = width / count / 2.1;
    parts.push(
      ellipse(x, y - r * 0.5, r, r * 0.42, shell),
      ellipse(x, y - r * 0.05, r * 0.9, r * 0.18, '#fff7ea'),
      ellipse(x, y + r * 0.35, r, r * 0.42, shell),
    );
  }
  return parts.join('');
}

const TABLES = [
  { base: '#8b5a2b', grain: '#6e4420' },
  { base: '#c49a6c', grain: '#a57c52' },
  { base: '#e9e6e1', grain: '#cfcac2' },
  { base: '#3e2c23', grain: '#2c1f18' },
] as const;

export function paintCoffee(random: Random, canvas: Canvas): string {
  const { width: w, height: h } = canvas;
  const table = random.pick(TABLES);
  const body = [rect(0, 0, w, h, table.base)];
  for (let y = random.between(0, 20); y < h; y += random.between(12, 30)) {
    body.push(
      path(`M0 ${n(y)} Q${n(w / 2)} ${n(y + random.between(-10, 10))} ${n(w)} ${n(y)}`, 'none', {
        stroke: table.grain,
        'stroke-width': random.between(1, 4),
        'stroke-opacity': 0.6,
      }),
    );
  }
  const cx = w * random.between(0.4, 0.6);
  const cy = h * random.between(0.4, 0.6);
  const r = Math.min(w, h) * random.between(0.22, 0.3);
  const ceramic = random.pick(['#ffffff', '#f4efe6', '#2f3e46', '#d8e2dc', '#e76f51']);
  body.push(circle(cx + 6, cy + 8, r * 1.45, '#000000', { 'fill-opacity': 0.18 }), circle(cx, cy, r * 1.45, mix(ceramic, '#dddddd', 0.15)));
  body.push(rect(cx + r * 0.9, cy - r * 0.14, r * 0.6, r * 0.28, ceramic, { rx: r * 0.14 }));
  body.push(circle(cx, cy, r, ceramic), circle(cx, cy, r * 0.86, '#c8a27a'), circle(cx, cy, r * 0.8, '#6f4e37'));
  body.push(latteArt(random, cx, cy, r * 0.55));
  const beans = random.int(3, 12);
  for (let i = 0; i < beans; i++) {
    const bx = random.between(0, w);
    const by = random.between(0, h);
    if (Math.hypot(bx - cx, by - cy) < r * 1.6) continue;
    body.push(
      `<g transform="translate(${n(bx)} ${n(by)}) rotate(${n(random.between(0, 180))})">${ellipse(0, 0, 11, 7, '#3b2416')}${path('M-9 0 Q0 -3 9 0', 'none', { stroke: '#1e120b', 'stroke-width': 1.5 })}</g>`,
    );
  }
  return svgDocument(canvas, [], body);
}

function latteArt(random: Random, cx: number, cy: number, size: number): string {
  const cream = '#f3e5d0';
  if (random.chance(0.5)) {
    return path(
      `M${n(cx)} ${n(cy + size * 0.8)} C${n(cx - size * 1.4)} ${n(cy - size * 0.2)} ${n(cx - size * 0.5)} ${n(cy - size)} ${n(cx)} ${n(cy - size * 0.35)} C${n(cx + size * 0.5)} ${n(cy - size)} ${n(cx + size * 1.4)} ${n(cy - size * 0.2)} ${n(cx)} ${n(cy + size * 0.8)} Z`,
      cream,
    );
  }
  const leaves = [0, 1, 2, 3, 4].map((i) => ellipse(cx, cy - size * 0.7 + i * size * 0.35, size * (0.75 - i * 0.1), size * 0.16, cream)).join('');
  return leaves + rect(cx - 2, cy - size * 0.8, 4, size * 1.8, cream);
}
