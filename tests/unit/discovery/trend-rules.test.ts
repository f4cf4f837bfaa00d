import { describe, expect, it } from 'vitest';
import { pickTrends, TOPIC_ARTICLES, TRENDING_SEARCHES, TRENDING_TOPICS } from '../../../src/server/discovery/trend-rules.ts';

const topic = (id: string, name: string, follower_count = 0) => ({ id, name, follower_count });

describe('articles made from the week trends', () => {
  const topics = [
    topic('1', 'Mountains', 5),
    topic('2', 'Ocean', 9),
    topic('3', 'Coffee', 1),
    topic('4', 'Desserts', 3),
    topic('5', 'Space', 0),
    topic('6', 'Cars', 2),
    topic('7', 'Winter', 4),
  ];

  it('lead with the topics whose pins were saved most, as trending (kind 0)', () => {
    const picked = pickTrends({
      topics,
      topicSaves: new Map([
        ['3', 40],
        ['1', 12],
      ]),
      searches: [],
    });
    expect(picked.slice(0, 2)).toEqual([
      { title: 'Coffee', kind: 0, source: 'interest', interestId: '3', query: null },
      { title: 'Mountains', kind: 0, source: 'interest', interestId: '1', query: null },
    ]);
  });

  it('fill up with the most followed topics as best of (kind 1), up to six topic articles', () => {
    const picked = pickTrends({ topics, topicSaves: new Map([['3', 40]]), searches: [] });
    expect(picked.map((a) => [a.title, a.kind])).toEqual([
      ['Coffee', 0],
      ['Ocean', 1],
      ['Mountains', 1],
      ['Winter', 1],
      ['Desserts', 1],
      ['Cars', 1],
    ]);
    expect(picked).toHaveLength(TOPIC_ARTICLES);
  });

  it('take at most four trending topics, ties to the more followed', () => {
    const saves = new Map(topics.map((t) => [t.id, 10]));
    const trending = pickTrends({ topics, topicSaves: saves, searches: [] }).filter((a) => a.kind === 0);
    expect(trending.map((a) => a.title)).toEqual(['Ocean', 'Mountains', 'Winter', 'Desserts']);
    expect(trending).toHaveLength(TRENDING_TOPICS);
  });

  it('add up to two searches as trending searches (kind 2), none that a topic article already is', () => {
    const picked = pickTrends({
      topics: topics.slice(0, 1),
      topicSaves: new Map(),
      searches: ['mountains', 'lemon tart', 'lemon tart', 'night sky', 'camping'],
    });
    const searches = picked.filter((a) => a.kind === 2);
    expect(searches).toEqual([
      { title: 'lemon tart', kind: 2, source: 'search', interestId: null, query: 'lemon tart' },
      { title: 'night sky', kind: 2, source: 'search', interestId: null, query: 'night sky' },
    ]);
    expect(searches).toHaveLength(TRENDING_SEARCHES);
  });

  it('skip topics whose names have no word to search, and make nothing of nothing', () => {
    expect(pickTrends({ topics: [topic('9', 'The', 100)], topicSaves: new Map([['9', 5]]), searches: [] })).toEqual([]);
    expect(pickTrends({ topics: [], topicSaves: new Map(), searches: [] })).toEqual([]);
  });
});
