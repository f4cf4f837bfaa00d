import { describe, expect, it } from 'vitest';
import { createWriteClock } from '../../../src/server/db/write-clock.ts';
import { createVisitorCache } from '../../../src/server/http/visitor-cache.ts';

/** The cache's rule: an answer is served while the write clock reads the generation it was made at. */
describe('visitor cache', () => {
  const counting = () => {
    let made = 0;
    return { make: () => Promise.resolve(`answer ${String(++made)}`), made: () => made };
  };

  it('makes an answer once while nothing is written, again after any commit', async () => {
    const clock = createWriteClock();
    const cache = createVisitorCache(clock);
    const maker = counting();
    expect(await cache.answer('board 1', maker.make)).toBe('answer 1');
    expect(await cache.answer('board 1', maker.make)).toBe('answer 1');
    clock.advance();
    expect(await cache.answer('board 1', maker.make)).toBe('answer 2');
    expect(await cache.answer('board 2', maker.make)).toBe('answer 3');
  });

  it('never keeps an answer a commit overtook while it was being made', async () => {
    const clock = createWriteClock();
    const cache = createVisitorCache(clock);
    await cache.answer('board', async () => {
      clock.committed();
      return Promise.resolve('read before the commit');
    });
    expect(await cache.answer('board', () => Promise.resolve('fresh'))).toBe('fresh');
  });

  it('keeps its memory bound: an answer over the limit is made every time', async () => {
    const cache = createVisitorCache(createWriteClock(), { maxBytes: 100, ttlMs: 60_000 });
    const big = counting();
    const large = () => big.make().then((s) => s.padEnd(200, '.'));
    await cache.answer('large', large);
    await cache.answer('large', large);
    expect(big.made()).toBe(2);
  });

  it('the write clock tells its listeners of local commits only, and advances on others too', () => {
    const clock = createWriteClock();
    const heard: number[] = [];
    clock.onLocalCommit(() => heard.push(clock.generation));
    clock.committed();
    clock.advance();
    expect(heard).toEqual([1]);
    expect(clock.generation).toBe(2);
  });
});
