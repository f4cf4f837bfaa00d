import { describe, expect, it } from 'vitest';
import {
  documentField,
  foldText,
  head,
  prefixEnd,
  queryTokens,
  QUERY_MAX_TOKENS,
  reversed,
  sameStem,
  tokenize,
  TOKEN_MAX_LENGTH,
} from '../../../src/server/search/search-text.ts';

describe('words are folded the same way for documents and queries', () => {
  it('drops accents and case in every script', () => {
    expect(foldText('Crème BRÛLÉE')).toBe('creme brulee');
    expect(tokenize('Ĉokolado Ωμέγα Москва')).toEqual(['cokolado', 'ωμεγα', 'москва']);
  });

  it('splits on anything that is not a letter or a digit', () => {
    expect(tokenize("Grandma's 3-layer cake!! (v2)")).toEqual(['grandma', 's', '3', 'layer', 'cake', 'v2']);
    expect(tokenize('jane_doe@example.com')).toEqual(['jane', 'doe', 'example', 'com']);
  });

  it('makes each Han and kana character a word, since those scripts put no spaces between words', () => {
    expect(tokenize('巧克力蛋糕')).toEqual(['巧', '克', '力', '蛋', '糕']);
    expect(tokenize('ケーキ recipe')).toEqual(['ケ', 'ー', 'キ', 'recipe']);
  });

  it('decomposes compatibility forms (ligatures, full-width letters)', () => {
    expect(tokenize('ﬁne ＣＡＫＥ')).toEqual(['fine', 'cake']);
  });

  it('cuts overlong runs and queries of many words', () => {
    expect(tokenize('a'.repeat(100))[0]).toHaveLength(TOKEN_MAX_LENGTH);
    const many = Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ');
    expect(queryTokens(many)).toHaveLength(QUERY_MAX_TOKENS);
    expect(queryTokens('cake Cake CAKE pie')).toEqual(['cake', 'pie']);
    expect(documentField('One, two; three!')).toBe('one two three');
  });

  it('turns a prefix into a range and reads words backwards by character', () => {
    const inRange = (word: string, prefix: string) => word >= prefix && word < prefixEnd(prefix);
    expect(prefixEnd('ca')).toBe('cb');
    expect(inRange('cake', 'ca')).toBe(true);
    expect(inRange('ca', 'ca')).toBe(true);
    expect(inRange('cb', 'ca')).toBe(false);
    expect(inRange('c', 'ca')).toBe(false);
    expect(reversed('gâteau')).toBe('uaetâg');
    expect(head('𝒜bc', 2)).toBe('𝒜b');
  });

  it('tells forms of one word apart from other words', () => {
    expect(sameStem('cake', 'cakes')).toBe(true);
    expect(sameStem('bake', 'baking')).toBe(true);
    expect(sameStem('cat', 'car')).toBe(false);
    expect(sameStem('chocolate', 'chowder')).toBe(false);
  });

  it('counts characters by code point, not UTF-16 unit', () => {
    // Each of these letters takes two UTF-16 units: by units, three shared letters would be six.
    expect(sameStem('𝒶𝒷𝒸𝒹𝒺', '𝒶𝒷𝒸𝒹𝒻')).toBe(true);
    expect(sameStem('𝒶𝒷𝒸𝒹𝒺𝒻', '𝒶𝒷𝒸𝒼𝒽𝒾')).toBe(false);
    expect(sameStem('𝒶𝒷', '𝒶𝒷')).toBe(false);
  });
});
