import { describe, expect, it } from 'vitest';
import { createIdHash, idsByNumber, internId } from '../../../src/server/recs/id-hash.ts';
import { idAt, indexOfId, parseIdWords, sortedIds, wordsToId } from '../../../src/server/recs/node-ids.ts';
import { createPrng, nextFloat } from '../../../src/server/recs/prng.ts';

const randomId = (rng: ReturnType<typeof createPrng>) => (BigInt(Math.floor(nextFloat(rng) * 2 ** 32)) << 32n) | BigInt(Math.floor(nextFloat(rng) * 2 ** 32));

describe('id translation', () => {
  it('decimal ids turn into their two 32-bit words and back, up to 2^64 - 1', () => {
    const rng = createPrng(3);
    for (const id of [0n, 1n, 4294967295n, 4294967296n, 2n ** 63n + 12345n, 2n ** 64n - 1n, ...Array.from({ length: 200 }, () => randomId(rng))]) {
      const words = parseIdWords(id.toString());
      expect(words).not.toBeNull();
      expect(wordsToId(words?.hi ?? -1, words?.lo ?? -1)).toBe(id.toString());
    }
  });

  it('text that is not an unsigned 64-bit decimal has no words', () => {
    for (const text of ['', '-1', '12a', ' 1', '1.5', (2n ** 64n).toString(), '1'.repeat(21)]) expect(parseIdWords(text)).toBeNull();
  });

  it('a sorted table finds each id at its rank and nothing else', () => {
    const rng = createPrng(9);
    const ids = [...new Set(Array.from({ length: 500 }, () => randomId(rng)))];
    const table = sortedIds(BigUint64Array.from(ids));
    const sorted = [...ids].sort((a, b) => (a < b ? -1 : 1));
    sorted.forEach((id, rank) => {
      expect(indexOfId(table, id.toString())).toBe(rank);
      expect(idAt(table, rank)).toBe(id.toString());
    });
    expect(indexOfId(table, ((sorted[0] ?? 1n) - 1n).toString())).toBe(-1);
    expect(indexOfId(table, 'nope')).toBe(-1);
  });

  it('the build-time table gives each id one number, in order of first sight, across growth', () => {
    const table = createIdHash(4);
    const rng = createPrng(5);
    const ids = Array.from({ length: 3000 }, () => randomId(rng));
    const words = (id: bigint) => [Number(id >> 32n), Number(id & 0xffffffffn)] as const;
    ids.forEach((id, n) => {
      expect(internId(table, ...words(id))).toBe(n);
    });
    ids.forEach((id, n) => {
      expect(internId(table, ...words(id))).toBe(n);
    });
    expect(Array.from(idsByNumber(table))).toEqual(ids);
  });
});
