import { describe, expect, it } from 'vitest';
import { pixieWalk } from '../../../src/server/recs/walk.ts';
import { walkOptionsFor } from '../../../src/server/recs/walk-settings.ts';
import { createPrng, nextFloat, seedOf } from '../../../src/server/recs/prng.ts';
import { RELATED_PAGE_SIZE } from '../../../src/server/recs/related.service.ts';
import { themedGraph } from './themed-graph.ts';

/**
 * The relevance rule on a generated graph larger than a test database holds: 20 themes,
 * boards of one theme each taking 10% of their pins from anywhere, a few catch-all hub boards;
 * the related feed's own walk settings. At least 80% of a pin's top 12 share its theme.
 */
describe('relevance on a generated themed graph', () => {
  it("at least 80% of the top 12 related pins share the query pin's theme", () => {
    const { graph, themeOf } = themedGraph({ pins: 40_000, boards: 4000, saves: 200_000, themes: 20, noise: 0.1, hubs: 5, hubSize: 3000, seed: 2024 });
    const rng = createPrng(7);
    let shared = 0;
    let shown = 0;
    for (let q = 0; q < 200; q++) {
      const pin = Math.floor(nextFloat(rng) * graph.pinCount);
      const { visits } = pixieWalk(graph, [{ pin, weight: 1 }], { ...walkOptionsFor(graph), seed: seedOf(graph.pinId(pin)) }, RELATED_PAGE_SIZE);
      shown += visits.length;
      shared += visits.filter((v) => themeOf(v.pin) === themeOf(pin)).length;
    }
    expect(shown).toBeGreaterThan(200 * RELATED_PAGE_SIZE * 0.9);
    expect(shared / shown).toBeGreaterThanOrEqual(0.8);
  });
});
