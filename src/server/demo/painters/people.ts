import { SKIN_TONE_RANGES, type SkinToneRange } from '../../../shared/skin-tone.ts';
import type { Random } from '../random.ts';
import { circle, ellipse, linear, mix, n, path, rect, svgDocument, type Canvas } from './svg.ts';

/**
 * People for the beauty and fashion subjects: a made-up face or hands with painted nails, and
 * figures in outfits. Each picture shows skin of one of the four skin tone ranges, so the skin
 * tone filters of search have real pictures to narrow (src/server/media/skin-tone.ts; a unit test
 * holds that the pipeline finds the range each picture was painted in). Every other colour here
 * (backdrops, hair, clothes, make-up) lies outside the skin colour rule, so the skin decides.
 */

/** A few skin colours per range, each well inside its range's ITA bounds. */
const SKINS: Readonly<Record<SkinToneRange, readonly string[]>> = {
  light: ['#f6d7c3', '#f3cfb3', '#eec6a8'],
  medium_light: ['#dba67a', '#d9a877', '#d4a27a'],
  medium_dark: ['#c58c5c', '#c08552', '#bb8a5e'],
  dark: ['#7b4a33', '#6b3f2a', '#5e3828'],
};
const HAIR = ['#1c1a1e', '#232a3a', '#d9d6e0', '#6b4c9a', '#2a6f73'] as const;
const LIPS = ['#b3123a', '#e0577f', '#8e1f4d', '#ff6f61'] as const;
const BEAUTY_BACKDROPS = ['#b5179e', '#7b2cbf', '#d63384', '#9d4edd'] as const;
const FASHION_BACKDROPS = ['#e4e4ea', '#cfd8dc', '#f0eef5'] as const;
/** Finger lengths, index to little finger, relative to the hand. */
const FINGERS = [0.42, 0.5, 0.47, 0.36] as const;
const CLOTHES = ['#111111', '#ffffff', '#1d3557', '#c1121f', '#2a9d8f', '#3d5a80', '#7209b7', '#ee6c4d'] as const;

type Skin = { skin: string; shade: string };

/** A skin colour of the range, and a shade of it for what lies in shadow (the neck). */
function skinOf(random: Random, range: SkinToneRange): Skin {
  const skin = random.pick(SKINS[range]);
  return { skin, shade: mix(skin, '#000000', 0.12) };
}

/** A beauty picture; its skin tone range is drawn from `random` unless given. */
export function paintBeauty(random: Random, canvas: Canvas, range: SkinToneRange = random.pick(SKIN_TONE_RANGES)): string {
  const { width: w, height: h } = canvas;
  const backdrop = random.pick(BEAUTY_BACKDROPS);
  const defs = [
    linear('backdrop', [
      [0, backdrop],
      [1, mix(backdrop, '#000000', 0.3)],
    ]),
  ];
  const body = [rect(0, 0, w, h, 'url(#backdrop)')];
  const skin = skinOf(random, range);
  body.push(random.chance(0.65) ? face(random, canvas, skin) : hands(random, canvas, skin));
  return svgDocument(canvas, defs, body);
}

/** A made-up face, shoulders in a top: the face fills most of the shorter side. */
function face(random: Random, { width: w, height: h }: Canvas, { skin, shade }: Skin): string {
  const s = Math.min(w, h * 0.95);
  const [cx, cy] = [w / 2 + random.between(-0.04, 0.04) * w, h * 0.45];
  const [rx, ry] = [s * 0.26, s * 0.34];
  const hair = random.pick(HAIR);
  const lips = random.pick(LIPS);
  const parts = [
    ellipse(cx, cy - ry * 0.1, rx * 1.35, ry * (random.chance(0.5) ? 1.25 : 1.6), hair),
    rect(cx - rx * 0.45, cy + ry * 0.6, rx * 0.9, ry * 0.9, shade),
    ellipse(cx, cy + ry * 1.95, rx * 2.3, ry * 0.95, random.pick(CLOTHES)),
    ellipse(cx, cy, rx, ry, skin),
    ellipse(cx, cy - ry * 0.88, rx * 1.02, ry * 0.34, hair),
  ];
  for (const side of [-1, 1]) {
    const ex = cx + side * rx * 0.4;
    const ey = cy - ry * 0.08;
    parts.push(
      ellipse(ex, ey, rx * 0.2, ry * 0.08, '#ffffff'),
      circle(ex, ey, ry * 0.065, '#1d2533'),
      rect(ex - rx * 0.22, ey - ry * 0.2, rx * 0.44, ry * 0.05, hair, { rx: ry * 0.02 }),
      ellipse(cx + side * rx * 0.55, cy + ry * 0.25, rx * 0.16, ry * 0.08, lips, { 'fill-opacity': 0.25 }),
    );
  }
  parts.push(ellipse(cx, cy + ry * 0.52, rx * 0.3, ry * 0.09, lips));
  return parts.join('');
}

/** Two hands reaching up from the bottom edge, nails painted. */
function hands(random: Random, { width: w, height: h }: Canvas, { skin }: Skin): string {
  const polish = random.pick(LIPS);
  const size = Math.min(w * 0.48, h * 0.75);
  const parts: string[] = [];
  for (const cx of [w * 0.28, w * 0.72]) {
    const base = h - size * 0.05;
    const palmTop = base - size * 0.75;
    parts.push(rect(cx - size * 0.3, palmTop, size * 0.6, size * 0.8, skin, { rx: size * 0.12 }));
    for (let f = 0; f < 4; f++) {
      const fx = cx - size * 0.27 + f * size * 0.145;
      const length = size * (FINGERS[f] ?? 0.4);
      const top = palmTop - length + size * 0.08;
      parts.push(
        rect(fx, top, size * 0.12, length, skin, { rx: size * 0.06 }),
        rect(fx + size * 0.015, top + size * 0.01, size * 0.09, size * 0.12, polish, { rx: size * 0.045 }),
      );
    }
  }
  return parts.join('');
}

/** Figures in outfits, as many as fit side by side; the skin tone range as for paintBeauty. */
export function paintFashion(random: Random, canvas: Canvas, range: SkinToneRange = random.pick(SKIN_TONE_RANGES)): string {
  const { width: w, height: h } = canvas;
  const backdrop = random.pick(FASHION_BACKDROPS);
  const body = [rect(0, 0, w, h, backdrop), rect(0, h * 0.82, w, h * 0.18, mix(backdrop, '#000000', 0.1))];
  const skin = skinOf(random, range);
  const unit = h / 6;
  const count = Math.max(1, Math.floor(w / (unit * 2.6)));
  for (let i = 0; i < count; i++) body.push(figure(random, (w * (i + 0.5)) / count, unit, skin));
  return svgDocument(canvas, [], body);
}

/** One figure in a sleeveless top and a skirt or shorts, centred on x; `u` is a sixth of the height. */
function figure(random: Random, x: number, u: number, { skin, shade }: Skin): string {
  const [top, bottom, hair] = [random.pick(CLOTHES), random.pick(CLOTHES), random.pick(HAIR)];
  const hem = u * random.between(4.1, 4.5);
  const parts = [
    ellipse(x, u * 0.95, u * 0.5, u * 0.62, hair),
    rect(x - u * 0.16, u * 1.35, u * 0.32, u * 0.4, shade),
    rect(x - u * 1.05, u * 1.75, u * 0.34, u * 2.6, skin, { rx: u * 0.17 }),
    rect(x + u * 0.71, u * 1.75, u * 0.34, u * 2.6, skin, { rx: u * 0.17 }),
    rect(x - u * 0.52, hem, u * 0.46, u * 6 - hem, skin),
    rect(x + u * 0.06, hem, u * 0.46, u * 6 - hem, skin),
    rect(x - u * 0.75, u * 1.7, u * 1.5, u * 1.7, top, { rx: u * 0.25 }),
    path(`M${n(x - u * 0.7)} ${n(u * 3.3)} L${n(x + u * 0.7)} ${n(u * 3.3)} L${n(x + u * 0.85)} ${n(hem)} L${n(x - u * 0.85)} ${n(hem)} Z`, bottom),
    ellipse(x, u * 1.0, u * 0.42, u * 0.55, skin),
    ellipse(x, u * 0.62, u * 0.44, u * 0.22, hair),
  ];
  return parts.join('');
}
