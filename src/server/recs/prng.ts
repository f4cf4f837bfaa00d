/**
 * A small seeded generator (mulberry32): 32 bits of state, a few integer operations a draw, good
 * enough for sampling neighbours, and the same sequence for the same seed on every machine, so a
 * walk is reproducible (tests depend on it, and a feed's pages stay stable between requests).
 */
export type Prng = { state: number };

export function createPrng(seed: number): Prng {
  return { state: seed >>> 0 };
}

/** A float in [0, 1). */
export function nextFloat(rng: Prng): number {
  rng.state = (rng.state + 0x6d2b79f5) | 0;
  let t = Math.imul(rng.state ^ (rng.state >>> 15), 1 | rng.state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** A seed from text (FNV-1a), so the same query pin always walks the same way on the same graph. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
