import { describe, expect, it } from 'vitest';
import { editDistance } from '../../../src/server/search/search-text.ts';
import { correctable } from '../../../src/server/search/typo.ts';
import { allowedEdits, pickCorrection } from '../../../src/server/search/vocabulary.ts';

describe('spelling correction picks the closest vocabulary word', () => {
  const vocabulary = [
    { term: 'chocolate', doc_count: 40 },
    { term: 'cake', doc_count: 90 },
    { term: 'cafe', doc_count: 30 },
    { term: 'lake', doc_count: 10 },
    { term: 'bake', doc_count: 90 },
  ];

  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('cakr', 'cake', 2)).toBe(1);
    expect(editDistance('ckae', 'cake', 2)).toBe(1);
    expect(editDistance('chocolat', 'chocolate', 2)).toBe(1);
    expect(editDistance('chcolatte', 'chocolate', 2)).toBe(2);
    expect(editDistance('crème', 'creme', 2)).toBe(1);
  });

  it('stops counting once the limit is passed', () => {
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });

  it('allows one edit in words of up to four letters and two in longer ones', () => {
    expect(allowedEdits('cak')).toBe(1);
    expect(allowedEdits('cakr')).toBe(1);
    expect(allowedEdits('cakes')).toBe(2);
  });

  it('prefers fewer edits, then the more used word, then the first in order', () => {
    expect(pickCorrection('chocolat', vocabulary)).toBe('chocolate');
    // cake, bake and lake are each one edit from "xake"; cake and bake are used alike, bake comes first.
    expect(pickCorrection('xake', vocabulary)).toBe('bake');
    expect(pickCorrection('cakf', vocabulary)).toBe('cake');
  });

  it('finds nothing when no word is close enough, and never answers the word itself', () => {
    expect(pickCorrection('zebra', vocabulary)).toBeNull();
    expect(pickCorrection('cake', vocabulary)).toBe('bake');
    expect(pickCorrection('cake', [{ term: 'cake', doc_count: 5 }])).toBeNull();
  });

  it('leaves short words and numbers as typed', () => {
    expect(correctable('ab')).toBe(false);
    expect(correctable('2024')).toBe(false);
    expect(correctable('cak')).toBe(true);
  });
});
