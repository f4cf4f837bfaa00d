import { describe, expect, it } from 'vitest';
import { textSimilarity, tokenize } from '../../../src/server/recs/text.ts';

describe('the text tokenizer', () => {
  it('keeps distinct lower-case words of letters and digits, without accents', () => {
    expect(tokenize('Crème Brûlée: THE best crème-brûlée, 2024!')).toEqual(['creme', 'brulee', 'best', '2024']);
  });

  it('drops English stop words and one-letter tokens', () => {
    expect(tokenize('A house on the hill, and a b c')).toEqual(['house', 'hill']);
  });

  it('folds a plural s onto the singular, but not a double s or a short word', () => {
    expect(tokenize('recipes recipe glass bus cats')).toEqual(['recipe', 'glass', 'bus', 'cat']);
  });

  it('splits on anything that is not a letter or a digit, in any script', () => {
    expect(tokenize('café_au-lait/東京 タワー')).toEqual(['cafe', 'au', 'lait', '東京', 'タワー']);
  });

  it('keeps at most 64 words', () => {
    expect(tokenize(Array.from({ length: 100 }, (_, i) => `word${i}`).join(' '))).toHaveLength(64);
  });
});

describe('text similarity', () => {
  it('is the cosine of the word sets', () => {
    expect(textSimilarity(['chocolate', 'cake'], ['chocolate', 'cake'])).toBe(1);
    expect(textSimilarity(['chocolate', 'cake'], ['garden', 'shed'])).toBe(0);
    expect(textSimilarity(['chocolate', 'cake'], ['chocolate', 'cookie', 'recipe', 'easy'])).toBeCloseTo(1 / Math.sqrt(8));
    expect(textSimilarity([], ['cake'])).toBe(0);
  });
});
