import { encodeFeatures } from '../../../src/server/media/features.ts';
import { createPrng, nextFloat, type Prng } from '../../../src/server/recs/prng.ts';

/**
 * Visual features like a collection's: pictures fall in looks (a hash and a palette each), every
 * picture its look with some hash bits flipped and its colours shifted. The visual index's tests
 * and benchmark draw from it; the same seed gives the same features.
 */
export type FeatureWorld = { features: Buffer[]; draw: (rng: Prng) => Buffer };

function randomWord(rng: Prng): bigint {
  return BigInt(Math.floor(nextFloat(rng) * 2 ** 32));
}

function palette(rng: Prng): Uint8Array {
  const weights = Array.from({ length: 64 }, () => (nextFloat(rng) < 0.75 ? 0 : nextFloat(rng) ** 2));
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  return Uint8Array.from(weights, (w) => Math.round(255 * Math.sqrt(w / total)));
}

function variant(rng: Prng, look: { hash: bigint; colours: Uint8Array }, flips: number): Buffer {
  let hash = look.hash;
  for (let i = 0; i < flips; i++) hash ^= 1n << BigInt(Math.floor(nextFloat(rng) * 64));
  const colours = Uint8Array.from(look.colours, (c) =>
    Math.max(0, Math.min(255, Math.round(c + (nextFloat(rng) - 0.5) * 40 * (c > 0 ? 1 : nextFloat(rng) < 0.1 ? 1 : 0)))),
  );
  return encodeFeatures(hash, colours);
}

export function featureWorld(count: number, looks: number, seed: number): FeatureWorld {
  const rng = createPrng(seed);
  const styles = Array.from({ length: looks }, () => ({ hash: (randomWord(rng) << 32n) | randomWord(rng), colours: palette(rng) }));
  const pick = (r: Prng) => styles[Math.floor(nextFloat(r) * styles.length)] ?? { hash: 0n, colours: new Uint8Array(64) };
  const draw = (r: Prng) => variant(r, pick(r), 4 + Math.floor(nextFloat(r) * 20));
  return { features: Array.from({ length: count }, () => draw(rng)), draw };
}
