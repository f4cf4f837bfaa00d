import { describe, expect, it } from 'vitest';
import { visualDistance } from '../../../src/server/media/features.ts';
import { createPrng, nextFloat } from '../../../src/server/recs/prng.ts';
import { FeatureTable, PRODUCT, popcount32, queryOf } from '../../../src/server/visual/feature-table.ts';
import type { Neighbour } from '../../../src/server/visual/top-k.ts';
import { featureWorld } from './generated-features.ts';

/** The reference: visualDistance against every entry, nearest first, equal distances newest id first. */
function bruteForce(query: Buffer, entries: { id: bigint; features: Buffer }[], k: number): Neighbour[] {
  return entries
    .map((e) => ({ id: e.id, distance: visualDistance(query, e.features) }))
    .sort((a, b) => a.distance - b.distance || (a.id > b.id ? -1 : 1))
    .slice(0, k);
}

describe('the visual index table', () => {
  const world = featureWorld(3000, 40, 5);
  const entries = world.features.map((features, i) => ({ id: BigInt(1_000_000 + i * 7), features }));

  it('counts the bits of 32-bit words', () => {
    expect([0, 1, 0x80000000, 0xffffffff, 0x0f0f0f0f, 0x12345678].map(popcount32)).toEqual([0, 1, 1, 32, 16, 13]);
  });

  it('scans to exactly the neighbours and distances of features.ts visualDistance', () => {
    const table = new FeatureTable();
    // Inserted in a scrambled order: the table keeps ids sorted whatever the order of arrival.
    const rng = createPrng(9);
    for (const e of [...entries].sort(() => nextFloat(rng) - 0.5)) table.set(e.id, { features: e.features, flags: 0 });
    expect(table.liveCount).toBe(entries.length);
    for (let q = 0; q < 30; q++) {
      const query = q % 2 === 0 ? world.draw(rng) : (entries[q * 11]?.features ?? Buffer.alloc(0));
      expect(table.scan(queryOf(query), 25)).toEqual(bruteForce(query, entries, 25));
    }
  });

  it('pages after a cursor without skipping or repeating, and leaves out the excluded pin', () => {
    const table = new FeatureTable();
    for (const e of entries) table.set(e.id, { features: e.features, flags: 0 });
    const query = entries[42]?.features ?? Buffer.alloc(0);
    const paged: Neighbour[] = [];
    let after: Neighbour | null = null;
    for (let page = 0; page < 8; page++) {
      const batch = table.scan(queryOf(query), 25, { after, exclude: entries[42]?.id ?? null });
      paged.push(...batch);
      after = batch.at(-1) ?? null;
    }
    expect(paged).toEqual(
      bruteForce(
        query,
        entries.filter((_, i) => i !== 42),
        200,
      ),
    );
  });

  it('forgets deleted entries, compacts, replaces features, and keeps to flagged entries when asked', () => {
    const table = new FeatureTable();
    for (const [i, e] of entries.entries()) table.set(e.id, { features: e.features, flags: i % 3 === 0 ? PRODUCT : 0 });
    const gone = entries.filter((_, i) => i % 2 === 1);
    for (const e of gone) expect(table.delete(e.id)).toBe(true);
    expect(table.delete(gone[0]?.id ?? 0n)).toBe(false);
    expect(table.liveCount).toBe(entries.length - gone.length);
    // Past 1024 removed (or an eighth of a larger table) the table compacts itself.
    expect(table.size).toBe(entries.length - 1025);
    const kept = entries.filter((_, i) => i % 2 === 0);
    const query = world.draw(createPrng(3));
    expect(table.scan(queryOf(query), 40)).toEqual(bruteForce(query, kept, 40));
    expect(table.scan(queryOf(query), 40, { flags: PRODUCT })).toEqual(
      bruteForce(
        query,
        kept.filter((_, i) => i % 3 === 0),
        40,
      ),
    );
    const first = kept[0];
    if (!first) throw new Error('no entries');
    table.set(first.id, { features: query, flags: 0 });
    expect(table.scan(queryOf(query), 1)).toEqual([{ id: first.id, distance: 0 }]);
    table.set(gone[0]?.id ?? 0n, { features: query, flags: 0 });
    expect(table.has(gone[0]?.id ?? 0n)).toBe(true);
    expect(table.scan(queryOf(query), 2).map((n) => n.id)).toEqual([gone[0]?.id, first.id]);
  });

  it('counts its live products through additions, replacements and deletions', () => {
    const table = new FeatureTable();
    const features = entries[0]?.features ?? Buffer.alloc(0);
    for (const id of [1n, 2n, 3n]) table.set(id, { features, flags: PRODUCT });
    table.set(4n, { features, flags: 0 });
    expect(table.liveProducts).toBe(3);
    table.set(2n, { features, flags: 0 });
    table.set(4n, { features, flags: PRODUCT });
    table.set(4n, { features, flags: PRODUCT });
    expect(table.liveProducts).toBe(3);
    table.delete(1n);
    table.delete(2n);
    expect(table.liveProducts).toBe(2);
    table.set(1n, { features, flags: PRODUCT });
    expect(table.liveProducts).toBe(3);
    expect([table.slotAfter(0n), table.slotAfter(2n), table.slotAfter(4n)]).toEqual([0, 2, 4]);
  });

  it('treats an all-transparent picture (no colour) as far in colour, as colourDistance does', () => {
    const table = new FeatureTable();
    const blank = Buffer.from(entries[0]?.features ?? Buffer.alloc(0));
    blank.fill(0, 9);
    table.set(1n, { features: blank, flags: 0 });
    const query = entries[1]?.features ?? Buffer.alloc(0);
    expect(table.scan(queryOf(query), 1)[0]?.distance).toBe(visualDistance(query, blank));
    expect(table.scan(queryOf(blank), 1)[0]?.distance).toBe(visualDistance(blank, blank));
  });
});
