/**
 * Visual features of an image, kept for similarity (related pins, duplicate detection). The
 * layout of the 73 bytes (version 1):
 *
 *   byte 0       version (1)
 *   bytes 1-8    perceptual hash: 64 bits, big-endian, from the 8×8 lowest frequencies of a 2-D
 *                DCT of the 32×32 grey image, each bit set when its coefficient is above the
 *                median of the 63 coefficients other than DC (the classic pHash)
 *   bytes 9-72   colour histogram in CIELAB: 4 L* bins (edges 25, 50, 75) × 4 a* bins × 4 b*
 *                bins (edges -8, 8, 24: a neutral bin around 0, so greys do not split on noise),
 *                index L*16 + a*4 + b; each byte is 255·√(share of pixels), weighted by alpha,
 *                so the vector is ready for the Hellinger distance
 *
 * The hash survives recompression and resizing; the histogram says what colours the picture
 * holds regardless of where. Both are computed from small decoded images (see image-pipeline.ts).
 */
export const FEATURES_VERSION = 1;
export const FEATURES_LENGTH = 73;
const HASH_SIDE = 32;
const LOW = 8;

/** 64 bits from a 32×32 grey image (one byte per pixel, row by row). */
export function perceptualHash(grey: Uint8Array): bigint {
  if (grey.length !== HASH_SIDE * HASH_SIDE) throw new Error('perceptualHash needs a 32×32 grey image');
  const cos = cosineTable();
  const coefficients: number[] = [];
  for (let u = 0; u < LOW; u++) {
    for (let v = 0; v < LOW; v++) {
      let sum = 0;
      for (let y = 0; y < HASH_SIDE; y++) {
        const cy = cos[u * HASH_SIDE + y] ?? 0;
        for (let x = 0; x < HASH_SIDE; x++) sum += (grey[y * HASH_SIDE + x] ?? 0) * cy * (cos[v * HASH_SIDE + x] ?? 0);
      }
      coefficients.push(sum);
    }
  }
  const median = medianOf(coefficients.slice(1));
  let hash = 0n;
  for (const c of coefficients) hash = (hash << 1n) | (c > median ? 1n : 0n);
  return hash;
}

let table: Float64Array | undefined;
function cosineTable(): Float64Array {
  if (table) return table;
  table = new Float64Array(LOW * HASH_SIDE);
  for (let u = 0; u < LOW; u++) {
    for (let x = 0; x < HASH_SIDE; x++) table[u * HASH_SIDE + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * HASH_SIDE));
  }
  return table;
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The 64-bin CIELAB histogram of RGBA pixels (4 bytes a pixel, sRGB). */
export function labHistogram(rgba: Uint8Array): Uint8Array {
  const weights = new Float64Array(64);
  let total = 0;
  const linear = linearTable();
  for (let i = 0; i + 3 < rgba.length; i += 4) {
    const alpha = (rgba[i + 3] ?? 0) / 255;
    if (alpha === 0) continue;
    const [l, a, b] = linearToLab(linear[rgba[i] ?? 0] ?? 0, linear[rgba[i + 1] ?? 0] ?? 0, linear[rgba[i + 2] ?? 0] ?? 0);
    const bin = binOf(l, 25, 50, 75) * 16 + binOf(a, -8, 8, 24) * 4 + binOf(b, -8, 8, 24);
    weights[bin] = (weights[bin] ?? 0) + alpha;
    total += alpha;
  }
  return Uint8Array.from(weights, (w) => (total > 0 ? Math.round(255 * Math.sqrt(w / total)) : 0));
}

function binOf(value: number, first: number, second: number, third: number): number {
  if (value < first) return 0;
  if (value < second) return 1;
  return value < third ? 2 : 3;
}

/** sRGB (D65) to CIELAB. */
export function srgbToLab(r: number, g: number, b: number): [number, number, number] {
  return linearToLab(toLinear(r), toLinear(g), toLinear(b));
}

function toLinear(c: number): number {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

let linearOf8Bit: Float64Array | undefined;
/** toLinear of every 8-bit value, so a histogram pays no power per pixel. */
function linearTable(): Float64Array {
  linearOf8Bit ??= Float64Array.from({ length: 256 }, (_, c) => toLinear(c));
  return linearOf8Bit;
}

function linearToLab(lr: number, lg: number, lb: number): [number, number, number] {
  const x = (0.4124564 * lr + 0.3575761 * lg + 0.1804375 * lb) / 0.95047;
  const y = 0.2126729 * lr + 0.7151522 * lg + 0.072175 * lb;
  const z = (0.0193339 * lr + 0.119192 * lg + 0.9503041 * lb) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

export function encodeFeatures(hash: bigint, histogram: Uint8Array): Buffer {
  if (histogram.length !== 64) throw new Error('The histogram has 64 bins');
  const out = Buffer.alloc(FEATURES_LENGTH);
  out[0] = FEATURES_VERSION;
  out.writeBigUInt64BE(BigInt.asUintN(64, hash), 1);
  out.set(histogram, 9);
  return out;
}

export type VisualFeatures = { hash: bigint; histogram: Uint8Array };

export function decodeFeatures(bytes: Uint8Array): VisualFeatures {
  if (bytes.length !== FEATURES_LENGTH || bytes[0] !== FEATURES_VERSION) throw new Error('Unknown visual features layout');
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  return { hash: buffer.readBigUInt64BE(1), histogram: bytes.subarray(9) };
}

/** Bits that differ between two perceptual hashes (0-64). */
export function hashDistance(a: bigint, b: bigint): number {
  let diff = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (diff) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}

/** Hellinger distance between two histograms (0 same colours, 1 no colour in common). */
export function colourDistance(a: Uint8Array, b: Uint8Array): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < 64; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  if (normA === 0 || normB === 0) return 1;
  return Math.sqrt(Math.max(0, 1 - dot / Math.sqrt(normA * normB)));
}

/** One number for ranking: 0 for the same picture, towards 1 for unrelated ones. */
export function visualDistance(a: Uint8Array, b: Uint8Array): number {
  const fa = decodeFeatures(a);
  const fb = decodeFeatures(b);
  return 0.6 * (hashDistance(fa.hash, fb.hash) / 64) + 0.4 * colourDistance(fa.histogram, fb.histogram);
}
