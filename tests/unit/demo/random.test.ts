import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../src/server/demo/random.ts';

const draw = (seed: string, count = 50) => {
  const random = createRandom(seed);
  return Array.from({ length: count }, () => random.next());
};

describe('the demo world is deterministic by seed', () => {
  it('the same seed gives the same numbers, another seed other numbers', () => {
    expect(draw('corkboard')).toEqual(draw('corkboard'));
    expect(draw('corkboard')).not.toEqual(draw('corkboard2'));
    // Neighbouring seeds start unrelated.
    const [a, b] = [draw('a', 1)[0] ?? 0, draw('b', 1)[0] ?? 0];
    expect(Math.abs(a - b)).toBeGreaterThan(1e-6);
  });

  it('a fork is its own stream, independent of how much the parent drew', () => {
    const first = createRandom('seed');
    const second = createRandom('seed');
    second.next();
    second.next();
    expect(first.fork('pin/3').next()).toBe(second.fork('pin/3').next());
    expect(first.fork('pin/3').next()).not.toBe(first.fork('pin/4').next());
  });

  it('numbers stay in their ranges and are spread evenly', () => {
    const random = createRandom('ranges');
    const buckets = new Array<number>(10).fill(0);
    for (let i = 0; i < 20_000; i++) {
      const value = random.next();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      const k = Math.floor(value * 10);
      buckets[k] = (buckets[k] ?? 0) + 1;
      const whole = random.int(3, 7);
      expect(whole).toBeGreaterThanOrEqual(3);
      expect(whole).toBeLessThanOrEqual(7);
    }
    for (const count of buckets) expect(Math.abs(count - 2000)).toBeLessThan(200);
  });

  it('weighted picks follow their weights; shuffles keep every item', () => {
    const random = createRandom('weights');
    const counts = { rare: 0, common: 0 };
    for (let i = 0; i < 10_000; i++) counts[random.weighted(['rare', 'common'] as const, (item) => (item === 'rare' ? 1 : 9))] += 1;
    expect(counts.rare / 10_000).toBeCloseTo(0.1, 1);
    const items = Array.from({ length: 30 }, (_, i) => i);
    const shuffled = random.shuffle(items);
    expect([...shuffled].sort((x, y) => x - y)).toEqual(items);
    expect(shuffled).not.toEqual(items);
  });

  it('Pareto weights are heavy-tailed: mostly near 1, a few large, never above the cap', () => {
    const random = createRandom('pareto');
    const values = Array.from({ length: 10_000 }, () => random.pareto(1.2, 200)).sort((x, y) => x - y);
    expect(values[0]).toBeGreaterThanOrEqual(1);
    expect(values[5000]).toBeLessThan(2);
    expect(values.at(-1)).toBeLessThanOrEqual(200);
    expect(values.at(-100)).toBeGreaterThan(20);
  });
});
