import { describe, expect, it } from 'vitest';
import { guidesFor, guideTerms } from '../../../src/server/search/guides.ts';

describe('guides are the words that come with the query among its best results', () => {
  const results = [
    'chocolate cake frosting',
    'chocolate chip cookies',
    'chocolate cake layer',
    'chocolate cakes birthday frosting',
    'chocolate chip banana',
    'dark chocolate 2024',
  ];

  it('offers the most frequent words first, ties in word order', () => {
    expect(guideTerms(['chocolate'], results)).toEqual(['cake', 'chip', 'frosting']);
  });

  it("leaves out the query's own words and their forms, stop words, numbers and words seen once", () => {
    const terms = guideTerms(['cake'], ['cakes with the frosting 2024', 'cake with the frosting 2024']);
    expect(terms).toEqual(['frosting']);
  });

  it('refines the query with the guide', () => {
    const [first] = guidesFor('Chocolate ', ['chocolate'], results);
    expect(first).toEqual({ term: 'cake', display: 'cake', query: 'Chocolate cake', url: '/search/pins/?q=Chocolate+cake&rs=guide', position: 0 });
  });
});
