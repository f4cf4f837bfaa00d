import { describe, expect, it } from 'vitest';
import { freshness, logScale, PIN_WEIGHTS, rankBoards, rankedAfter, rankPins, rankUsers } from '../../../src/server/search/ranking.ts';
import { allVisible, visibleAfter, type Ranking } from '../../../src/server/search/visible-page.ts';
import { compareIds } from '../../../src/server/common/compare-ids.ts';

const NOW = Date.UTC(2025, 5, 1);
const DAY = 86_400_000;
const pin = (id: string, text: number, saves = 0, ageDays = 0, personal = 0) => ({ id, text, saves, createdAt: NOW - ageDays * DAY, personal });

describe('search ranking blends text relevance with saves, freshness and what the viewer follows', () => {
  it('weighs text most', () => {
    expect(PIN_WEIGHTS.text).toBeGreaterThan(PIN_WEIGHTS.saves + PIN_WEIGHTS.freshness + PIN_WEIGHTS.personal - 0.0001);
    const ranked = rankPins([pin('1', 1, 10_000, 400), pin('2', 4, 0, 400)], NOW);
    expect(ranked.map((r) => r.id)).toEqual(['2', '1']);
  });

  it('lets saves decide between equally relevant pins, by their logarithm', () => {
    expect(rankPins([pin('1', 2, 3), pin('2', 2, 300)], NOW).map((r) => r.id)).toEqual(['2', '1']);
    expect(logScale(0, 10_000)).toBe(0);
    expect(logScale(10_000, 10_000)).toBeCloseTo(1);
    expect(logScale(10_000_000, 10_000)).toBe(1);
    expect(logScale(-5, 10_000)).toBe(0);
  });

  it('prefers the newer of two equal pins; freshness fades over months', () => {
    expect(rankPins([pin('1', 2, 5, 300), pin('2', 2, 5, 1)], NOW).map((r) => r.id)).toEqual(['2', '1']);
    expect(freshness(NOW, NOW)).toBe(1);
    expect(freshness(NOW - 90 * DAY, NOW)).toBeCloseTo(Math.exp(-1));
    expect(freshness(NOW + DAY, NOW)).toBe(1);
  });

  it('raises pins close to what the viewer follows', () => {
    expect(rankPins([pin('1', 2, 5, 10, 0), pin('2', 2, 5, 10, 1)], NOW).map((r) => r.id)).toEqual(['2', '1']);
  });

  it("scores text relative to the best match, whatever the engine's scale", () => {
    const small = rankPins([pin('1', 0.2), pin('2', 0.1)], NOW).map((r) => r.score);
    const large = rankPins([pin('1', 20), pin('2', 10)], NOW).map((r) => r.score);
    expect(small).toEqual(large);
  });

  it('breaks ties by id, newest first, so the order is always the same', () => {
    const ranked = rankPins([pin('99', 1), pin('100', 1), pin('98', 1)], NOW);
    expect(ranked.map((r) => r.id)).toEqual(['100', '99', '98']);
    expect(compareIds('9', '10')).toBeLessThan(0);
  });

  it('ranks boards by text, then followers and pins; people by text, then followers', () => {
    expect(
      rankBoards([
        { id: '1', text: 1, followers: 0, pins: 0 },
        { id: '2', text: 1, followers: 50, pins: 0 },
      ]).map((r) => r.id),
    ).toEqual(['2', '1']);
    expect(
      rankUsers([
        { id: '1', text: 3, followers: 0 },
        { id: '2', text: 1, followers: 10 },
      ]).map((r) => r.id),
    ).toEqual(['1', '2']);
  });

  it('continues after the last item shown, without repeats or gaps', () => {
    const ranked = rankPins(
      Array.from({ length: 7 }, (_, i) => pin(String(i + 1), 1 + (i % 3))),
      NOW,
    );
    expect(rankedAfter(ranked, null)).toEqual(ranked);
    expect(rankedAfter(ranked, ranked[2] ?? null)).toEqual(ranked.slice(3));
    expect(rankedAfter(ranked, ranked.at(-1) ?? null)).toEqual([]);
  });
});

describe('a page holds only what the reader may see, checked when the page reaches it', () => {
  const ranked = rankPins(
    Array.from({ length: 200 }, (_, i) => pin(String(i + 1), 1 + (i % 7), i)),
    NOW,
  );
  const hidden = new Set(ranked.filter((_, i) => i % 3 === 1).map((r) => r.id));
  const checked: number[] = [];
  const ranking: Ranking = {
    ranked,
    keep: (ids) => {
      checked.push(ids.length);
      return Promise.resolve(new Set(ids.filter((id) => !hidden.has(id))));
    },
  };

  it('pages through the visible items only, each once, in ranked order', async () => {
    const seen: string[] = [];
    let cursor = null;
    for (;;) {
      const page = await visibleAfter(ranking, cursor, 26);
      seen.push(...page.slice(0, 25).map((r) => r.id));
      if (page.length <= 25) break;
      cursor = page[24] ?? null;
    }
    expect(seen).toEqual(ranked.filter((r) => !hidden.has(r.id)).map((r) => r.id));
  });

  it('checks a page and a little more, not the whole list', async () => {
    checked.length = 0;
    await visibleAfter(ranking, null, 26);
    expect(checked.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(120);
  });

  it('answers everything for lists checked while they were found', async () => {
    expect((await visibleAfter(allVisible(ranked), null, 5)).map((r) => r.id)).toEqual(ranked.slice(0, 5).map((r) => r.id));
  });
});
