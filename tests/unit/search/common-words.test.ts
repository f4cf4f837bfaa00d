import { describe, expect, it } from 'vitest';
import { COMMON_WORD_PINS, splitCommonWords } from '../../../src/server/search/common-words.ts';
import { holdsEvery, postedPin } from '../../../src/server/search/pin-postings.ts';

const counts = new Map([
  ['cake', 600_000],
  ['pie', 90_000],
  ['lemon', 3_000],
  ['zest', 40],
]);

describe('common words of a query', () => {
  it('sends the rarer words to the engine and checks the common ones on the documents', () => {
    expect(splitCommonWords(['lemon', 'cake', 'zest'], counts)).toEqual({ engine: ['lemon', 'zest'], checked: ['cake'] });
    expect(splitCommonWords(['unknown', 'cake'], counts)).toEqual({ engine: ['unknown'], checked: ['cake'] });
    expect(splitCommonWords(['lemon', 'zest'], counts)).toEqual({ engine: ['lemon', 'zest'], checked: [] });
  });

  it('sends the rarest word when all are common, and counts a word at the threshold as common', () => {
    expect(splitCommonWords(['cake', 'pie'], counts)).toEqual({ engine: ['pie'], checked: ['cake'] });
    expect(splitCommonWords(['lemon', 'zest'], counts, 3_000)).toEqual({ engine: ['zest'], checked: ['lemon'] });
    expect(COMMON_WORD_PINS).toBeGreaterThan(counts.get('lemon') ?? 0);
  });

  it('checks a word on the documents by any of its forms, whole', () => {
    const pin = postedPin({
      pin_id: '1',
      title: 'lemon cake',
      boards: '',
      product: 'dessert',
      description: '',
      domain: '',
      terms: '',
      save_count: 0,
      created_at: 0,
    });
    expect(holdsEvery(pin, [['cakes', 'cake'], ['dessert']])).toBe(true);
    expect(holdsEvery(pin, [['cak']])).toBe(false);
    expect(holdsEvery(pin, [['cake'], ['pie']])).toBe(false);
  });
});
