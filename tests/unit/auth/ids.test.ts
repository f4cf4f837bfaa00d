import { describe, expect, it } from 'vitest';
import { ID_EPOCH_MS, createIdGenerator, idTime } from '../../../src/server/db/ids.ts';

describe('time-ordered ids', () => {
  it('are decimal strings of at most 64 bits that carry their time', () => {
    const t = Date.UTC(2025, 5, 1);
    const id = createIdGenerator(5, () => t)();
    expect(id).toMatch(/^\d+$/);
    expect(BigInt(id) < 2n ** 63n).toBe(true);
    expect(idTime(id)).toBe(t);
  });

  it('increase within a millisecond and across milliseconds', () => {
    let t = ID_EPOCH_MS + 1000;
    const next = createIdGenerator(1, () => t);
    const ids = [next(), next(), next()];
    t += 1;
    ids.push(next());
    const numbers = ids.map(BigInt);
    for (let i = 1; i < numbers.length; i += 1) expect((numbers[i] ?? 0n) > (numbers[i - 1] ?? 0n)).toBe(true);
  });

  it('still increase when the clock steps back', () => {
    let t = ID_EPOCH_MS + 5000;
    const next = createIdGenerator(1, () => t);
    const first = BigInt(next());
    t -= 2000;
    expect(BigInt(next()) > first).toBe(true);
  });

  it('differ between nodes in the same millisecond', () => {
    const t = ID_EPOCH_MS + 1;
    expect(createIdGenerator(1, () => t)()).not.toBe(createIdGenerator(2, () => t)());
  });

  it('are unique over many calls, borrowing from the next millisecond when 4096 are used', () => {
    const next = createIdGenerator(3, () => ID_EPOCH_MS + 7);
    const ids = new Set(Array.from({ length: 10_000 }, next));
    expect(ids.size).toBe(10_000);
  });
});
