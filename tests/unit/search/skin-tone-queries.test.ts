import { describe, expect, it } from 'vitest';
import { queryTokens } from '../../../src/server/search/search-text.ts';
import { isBeautyOrFashionWord, RESULTS_MIN, RESULTS_READ, showsSkinToneFilters } from '../../../src/server/search/skin-tone-queries.ts';

const shows = (query: string, resultTerms: string[] = [], narrowed = false) => showsSkinToneFilters({ words: queryTokens(query), resultTerms, narrowed });

const times = (count: number, terms: string): string[] => Array.from({ length: count }, () => terms);
const beautyTerms = 'berry lipstick look makeup';
const otherTerms = 'mountain cabin snow';

describe('searches that offer the skin tone ranges', () => {
  it('are those with a beauty or fashion word, as typed in the main locales, singular or plural', () => {
    for (const query of [
      'makeup',
      'Red lipstick',
      'nail art',
      'braids for summer',
      'summer outfits',
      'wedding dresses',
      'Maquillage soirée',
      'uñas',
      'Schönheit',
      'moda verano',
      'макияж',
      '메이크업',
    ]) {
      expect(shows(query), query).toBe(true);
    }
    expect(isBeautyOrFashionWord('nails')).toBe(true);
    expect(isBeautyOrFashionWord('dresses')).toBe(true);
  });

  it('are not searches about something else, even with words that share a beginning', () => {
    for (const query of ['mountain cabin', 'chocolate cake', 'modern living room', 'salad dressing', 'hairline crack repair', 'space']) {
      expect(shows(query), query).toBe(false);
    }
  });

  it('are searches whose best results are mostly about beauty or fashion, though their words are not', () => {
    expect(shows('rosy glow', times(10, beautyTerms))).toBe(true);
    expect(shows('rosy glow', [...times(5, beautyTerms), ...times(5, otherTerms)])).toBe(true);
    expect(shows('rosy glow', [...times(4, beautyTerms), ...times(6, otherTerms)])).toBe(false);
  });

  it('need a few such results, and read only the best ones', () => {
    expect(shows('rosy glow', times(RESULTS_MIN - 1, beautyTerms))).toBe(false);
    expect(shows('rosy glow', times(RESULTS_MIN, beautyTerms))).toBe(true);
    const lateBeauty = [...times(RESULTS_READ, otherTerms), ...times(50, beautyTerms)];
    expect(shows('rosy glow', lateBeauty)).toBe(false);
  });

  it('keep the ranges once one is chosen, so it can be cleared, whatever the words', () => {
    expect(shows('mountain cabin', [], true)).toBe(true);
  });
});
