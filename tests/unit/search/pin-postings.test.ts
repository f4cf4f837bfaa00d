import { describe, expect, it } from 'vitest';
import { createPrng, nextFloat, type Prng } from '../../../src/server/recs/prng.ts';
import { holdsEvery, pinPostingsBuilder, postedPin, type PinDocumentText } from '../../../src/server/search/pin-postings.ts';
import { compareIds } from '../../../src/server/common/compare-ids.ts';

const WORDS = ['cake', 'lemon', 'tart', 'garden', 'paint', 'wood', 'chair', 'light', 'room', 'bake'];

function pick(rng: Prng, count: number): string {
  return Array.from({ length: count }, () => WORDS[Math.floor(nextFloat(rng) ** 2 * WORDS.length)] ?? '').join(' ');
}

/** Documents with ids of two lengths, so that text order and id order differ. */
function documents(count: number): PinDocumentText[] {
  const rng = createPrng(7);
  return Array.from({ length: count }, (_, i) => ({
    pin_id: String(i % 3 === 0 ? 900 + i : 10_000 + i),
    title: pick(rng, 1 + Math.floor(nextFloat(rng) * 3)),
    boards: pick(rng, Math.floor(nextFloat(rng) * 3)),
    product: '',
    description: pick(rng, Math.floor(nextFloat(rng) * 6)),
    domain: nextFloat(rng) < 0.2 ? 'wood com' : '',
    terms: `t${String(i)}`,
    save_count: i % 7,
    created_at: 1000 + i,
  }));
}

describe('pin postings', () => {
  const docs = documents(400);
  const builder = pinPostingsBuilder();
  // Added in the order of their ids as text, as a database pages through them.
  for (const doc of [...docs].sort((a, b) => (a.pin_id < b.pin_id ? -1 : 1))) builder.add(doc);
  const postings = builder.finish();
  const queries = [
    [['cake']],
    [['lemon'], ['cake']],
    [
      ['cakes', 'cake'],
      ['garden', 'gard'],
    ],
    [['wood'], ['chair'], ['light']],
    [['nothing']],
    [['tart'], ['nothing']],
  ];

  it('finds the newest pins holding a form of every word, as a scan of every document does', () => {
    expect(postings.size).toBe(400);
    for (const words of queries) {
      for (const limit of [1, 10, 1000]) {
        const expected = docs
          .map(postedPin)
          .filter((pin) => holdsEvery(pin, words))
          .sort((a, b) => compareIds(b.id, a.id))
          .slice(0, limit);
        const found = postings.newest(words, limit, () => false);
        expect(found.map((pin) => pin.id)).toEqual(expected.map((pin) => pin.id));
        for (const [i, pin] of found.entries()) {
          const scanned = expected[i];
          expect({ terms: pin.terms, saves: pin.saves, createdAt: pin.createdAt }).toEqual({
            terms: scanned?.terms,
            saves: scanned?.saves,
            createdAt: scanned?.createdAt,
          });
          for (const form of [...words.flat(), 'room', 'com']) expect(pin.weightOf(form)).toBe(scanned?.weightOf(form));
        }
      }
    }
  });

  it('leaves out the pins replaced since, and still fills the limit from older ones', () => {
    const all = postings.newest([['cake']], 1000, () => false).map((pin) => pin.id);
    const replaced = new Set(all.slice(0, 5));
    expect(postings.newest([['cake']], 10, (id) => replaced.has(id)).map((pin) => pin.id)).toEqual(all.slice(5, 15));
  });

  it('is empty for a word no pin holds, or no word', () => {
    expect(postings.newest([], 10, () => false)).toEqual([]);
    expect(postings.newest([['cake'], []], 10, () => false)).toEqual([]);
    expect(
      pinPostingsBuilder()
        .finish()
        .newest([['cake']], 10, () => false),
    ).toEqual([]);
  });
});
