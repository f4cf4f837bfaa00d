/**
 * Whether an embedded ICC profile describes sRGB, so a JPEG carrying it may be served without
 * its profile (browsers assume sRGB) and show the same colours. Judged from what the profile
 * does, not from its name (sRGB profiles go by "sRGB IEC61966-2.1", "sRGB built-in", "c2"...):
 * its primaries are sRGB's and its tone curve is sRGB's (or the 2.2 gamma close to it).
 */
export function isSrgbProfile(icc: Buffer): boolean {
  if (icc.length < 132 || icc.toString('latin1', 16, 20) !== 'RGB ') return false;
  const tags = tagTable(icc);
  for (const [signature, expected] of SRGB_PRIMARIES) {
    const xyz = readXyz(tags.get(signature));
    if (!xyz || xyz.some((value, i) => Math.abs(value - (expected[i] ?? 0)) > PRIMARY_TOLERANCE)) return false;
  }
  return ['rTRC', 'gTRC', 'bTRC'].every((signature) => {
    const middle = toneAt(tags.get(signature), 0.5);
    return middle !== null && Math.abs(middle - SRGB_MIDDLE) < TONE_TOLERANCE;
  });
}

/** sRGB's primaries adapted to the D50 connection space, as sRGB profiles store them (ICC.1 annex). */
const SRGB_PRIMARIES: [string, number[]][] = [
  ['rXYZ', [0.4361, 0.2225, 0.0139]],
  ['gXYZ', [0.3851, 0.7169, 0.0971]],
  ['bXYZ', [0.1431, 0.0606, 0.7141]],
];
/** Profiles round these to 16-bit fixed point in their own ways; Display P3 is 0.08 away. */
const PRIMARY_TOLERANCE = 0.003;
/** The sRGB curve at half intensity is 0.214; a 2.2 gamma gives 0.218, a 1.8 gamma 0.287. */
const SRGB_MIDDLE = 0.214;
const TONE_TOLERANCE = 0.01;

function tagTable(icc: Buffer): Map<string, Buffer> {
  const tags = new Map<string, Buffer>();
  const count = Math.min(icc.readUInt32BE(128), Math.floor((icc.length - 132) / 12));
  for (let i = 0; i < count; i++) {
    const entry = 132 + 12 * i;
    const offset = icc.readUInt32BE(entry + 4);
    const size = icc.readUInt32BE(entry + 8);
    if (offset + size <= icc.length) tags.set(icc.toString('latin1', entry, entry + 4), icc.subarray(offset, offset + size));
  }
  return tags;
}

const fixed = (data: Buffer, at: number) => data.readInt32BE(at) / 65536;

function readXyz(tag: Buffer | undefined): number[] | null {
  if (!tag || tag.length < 20 || tag.toString('latin1', 0, 4) !== 'XYZ ') return null;
  return [fixed(tag, 8), fixed(tag, 12), fixed(tag, 16)];
}

/** A tone curve ('curv' table or gamma, or 'para' function of types 0-4) evaluated at x. */
function toneAt(tag: Buffer | undefined, x: number): number | null {
  if (!tag || tag.length < 12) return null;
  const type = tag.toString('latin1', 0, 4);
  if (type === 'curv') {
    const count = tag.readUInt32BE(8);
    if (count === 0) return x;
    if (tag.length < 12 + 2 * count) return null;
    if (count === 1) return x ** (tag.readUInt16BE(12) / 256);
    const position = x * (count - 1);
    const below = Math.floor(position);
    const above = Math.min(count - 1, below + 1);
    const value = (i: number) => tag.readUInt16BE(12 + 2 * i) / 65535;
    return value(below) + (value(above) - value(below)) * (position - below);
  }
  if (type !== 'para') return null;
  const kind = tag.readUInt16BE(8);
  const lengths = [1, 3, 4, 5, 7];
  const length = lengths[kind];
  if (length === undefined || tag.length < 12 + 4 * length) return null;
  const [g = 1, a = 1, b = 0, c = 0, d = 0, e = 0, f = 0] = Array.from({ length }, (_, i) => fixed(tag, 12 + 4 * i));
  if (kind === 0) return x ** g;
  if (kind === 1) return x >= -b / a ? (a * x + b) ** g : 0;
  if (kind === 2) return x >= -b / a ? (a * x + b) ** g + c : c;
  if (kind === 3) return x >= d ? (a * x + b) ** g : c * x;
  return x >= d ? (a * x + b) ** g + e : c * x + f;
}
