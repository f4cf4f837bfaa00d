/**
 * The demo world's only source of chance: a seeded generator (sfc32, seeded from a string by
 * cyrb128), so the same DEMO_SEED makes the same people, boards, pictures and graph on any
 * machine. `fork(label)` gives an independent stream per thing (a member, a pin), so changing how
 * many pins there are does not reshuffle the members.
 */
export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One item, each as likely as its weight. */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T;
  shuffle<T>(items: readonly T[]): T[];
  /** A Pareto-distributed weight ≥ 1: most are near 1, a few are large (popularity, activity). */
  pareto(alpha: number, cap: number): number;
  fork(label: string): Random;
};

/** cyrb128: four 32-bit words from a string, the seed sfc32 needs. */
function hashSeed(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** sfc32: small, fast, passes PractRand; plenty for making a world. */
function sfc32(seed: [number, number, number, number]): () => number {
  let [a, b, c, d] = seed;
  return () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

export function createRandom(seed: string): Random {
  const next = sfc32(hashSeed(seed));
  // A few rounds first: nearby seeds ('a', 'b') must not start with related numbers.
  for (let i = 0; i < 12; i++) next();
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: (items) => itemAt(items, Math.floor(next() * items.length)),
    weighted: (items, weight) => {
      const total = items.reduce((sum, item) => sum + Math.max(0, weight(item)), 0);
      let left = next() * total;
      for (const item of items) {
        left -= Math.max(0, weight(item));
        if (left < 0) return item;
      }
      return itemAt(items, items.length - 1);
    },
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [itemAt(copy, j), itemAt(copy, i)];
      }
      return copy;
    },
    pareto: (alpha, cap) => Math.min(cap, (1 - next()) ** (-1 / alpha)),
    fork: (label) => createRandom(`${seed}/${label}`),
  };
  return random;
}

/** The item at `index`; the callers' indexes are in range, so a miss is a bug worth a throw. */
export function itemAt<T>(items: readonly T[], index: number): T {
  if (index < 0 || index >= items.length) throw new RangeError(`No item ${index} of ${items.length}`);
  return items[index] as T;
}
