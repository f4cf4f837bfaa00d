import { describe, expect, it } from 'vitest';
import { mixByTopic } from '../../../src/server/feeds/landing-mix.ts';

const topics = (entries: Record<string, string[]>) => new Map(Object.entries(entries));

describe('the landing mix', () => {
  it('deals the ranked pins out topic by topic, groups in the order of their best pin', () => {
    const ranked = ['a1', 'a2', 'a3', 'b1', 'a4', 'c1', 'b2'];
    const of = topics({ a1: ['A'], a2: ['A'], a3: ['A'], a4: ['A'], b1: ['B'], b2: ['B'], c1: ['C'] });
    expect(mixByTopic(ranked, of, 10)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
  });

  it('stops at the count asked for', () => {
    const of = topics({ a1: ['A'], a2: ['A'], b1: ['B'] });
    expect(mixByTopic(['a1', 'a2', 'b1'], of, 2)).toEqual(['a1', 'b1']);
  });

  it('puts a pin of several topics in the least filled one, and pins of no topic in a group of their own', () => {
    const of = topics({ x: ['A'], y: ['A', 'B'], z: ['A'] });
    // y joins B (empty) rather than A (holding x); w and v have no topic.
    expect(mixByTopic(['x', 'y', 'z', 'w', 'v'], of, 10)).toEqual(['x', 'y', 'w', 'z', 'v']);
  });

  it('gives nothing for nothing', () => {
    expect(mixByTopic([], new Map(), 25)).toEqual([]);
  });
});
