import { describe, expect, it } from 'vitest';
import { textScore, weightedScore, wordWeights, type FieldWeight, type ScoredWord } from '../../../src/server/search/text-score.ts';

const WEIGHTS: FieldWeight[] = [
  { weight: 10, typicalLength: 6 },
  { weight: 2, typicalLength: 15 },
];
const fields = (title: string, description = '') => [title, description];
const score = (texts: string[], words: ScoredWord[]) => textScore(WEIGHTS, texts, words);
const word = (...forms: string[]) => ({ forms, prefix: false });

describe('text score', () => {
  it('is zero without the word, and counts only whole words', () => {
    expect(score(fields('chocolate cake'), [word('tart')])).toBe(0);
    expect(score(fields('cupcakes'), [word('cake')])).toBe(0);
    expect(score(fields('cake'), [word('cake')])).toBeGreaterThan(0);
  });

  it('weighs a word in the title above the same word in the description', () => {
    expect(score(fields('cake', 'lemon'), [word('cake')])).toBeGreaterThan(score(fields('lemon', 'cake'), [word('cake')]));
  });

  it('prefers a short field, and more occurrences, but saturates', () => {
    const short = score(fields('cake'), [word('cake')]);
    const long = score(fields('cake with lemon and poppy seed glaze for sunday'), [word('cake')]);
    expect(short).toBeGreaterThan(long);
    expect(score(fields('cake cake'), [word('cake')])).toBeGreaterThan(short);
    expect(score(fields('cake cake cake cake cake'), [word('cake')])).toBeLessThan(1);
  });

  it('counts any form of a word, and adds up the words of the query', () => {
    const one = score(fields('gateau chocolat'), [word('gateaux', 'gateau')]);
    expect(one).toBeGreaterThan(0);
    expect(score(fields('gateau chocolat'), [word('gateaux', 'gateau'), word('chocolat')])).toBeGreaterThan(one);
  });

  it('matches the beginning of a word for a word still being typed', () => {
    expect(score(fields('macrame knots'), [{ forms: ['macr'], prefix: true }])).toBeGreaterThan(0);
    expect(score(fields('handmade macrame'), [{ forms: ['acr'], prefix: true }])).toBe(0);
    expect(score(fields('macrame'), [{ forms: ['macr'], prefix: false }])).toBe(0);
  });

  it('gives the same score from the weights of the words as from the texts, to single precision', () => {
    const texts = fields('lemon cake lemon', 'a cake for tea with lemons and a lemon glaze');
    const weights = wordWeights(WEIGHTS, texts);
    const weightOf = (form: string) => weights.get(form) ?? 0;
    for (const words of [[word('lemon')], [word('lemons', 'lemon'), word('cake')], [word('tea'), word('scone')]]) {
      expect(
        weightedScore(
          words.map((w) => w.forms),
          weightOf,
        ),
      ).toBeCloseTo(score(texts, words), 6);
    }
    expect(weights.get('lemon')).toBe(Math.fround(weights.get('lemon') ?? 0));
    expect(weightOf('lem')).toBe(0);
  });
});
