import type { Interest } from '../db/schema/boards-and-pins.ts';
import { queryTokens, topicTokens } from '../search/search-text.ts';

/**
 * Which articles the week's trends make (pure; docs/decisions/0024-discovery-pages.md):
 * - trending ideas (kind 0): the topics whose pins were saved most this week, up to 4;
 * - trending searches (kind 2): searches several members made, up to 2, none a topic already shown;
 * - best of (kind 1): the most followed topics not already shown, so that a quiet week still has
 *   articles, until there are 6 topic articles.
 * Ties go to the topic more people follow, then by name.
 */
export const TRENDING_TOPICS = 4;
export const TRENDING_SEARCHES = 2;
export const TOPIC_ARTICLES = 6;

export type TrendArticle = { title: string; kind: 0 | 1 | 2; source: 'interest' | 'search'; interestId: string | null; query: string | null };

type Topic = Pick<Interest, 'id' | 'name' | 'follower_count'>;

export function pickTrends(input: { topics: readonly Topic[]; topicSaves: ReadonlyMap<string, number>; searches: readonly string[] }): TrendArticle[] {
  const searchable = input.topics.filter((t) => topicTokens(t.name).length > 0);
  const byFollowers = (a: Topic, b: Topic) => b.follower_count - a.follower_count || a.name.localeCompare(b.name);
  const saves = (t: Topic) => input.topicSaves.get(t.id) ?? 0;
  const trending = searchable
    .filter((t) => saves(t) > 0)
    .sort((a, b) => saves(b) - saves(a) || byFollowers(a, b))
    .slice(0, TRENDING_TOPICS);
  const best = searchable
    .filter((t) => !trending.includes(t))
    .sort(byFollowers)
    .slice(0, Math.max(0, TOPIC_ARTICLES - trending.length));
  const shownWords = new Set([...trending, ...best].map((t) => topicTokens(t.name).join(' ')));
  const searches = [...new Set(input.searches)].filter((q) => !shownWords.has(queryTokens(q).join(' '))).slice(0, TRENDING_SEARCHES);
  const topicArticle =
    (kind: 0 | 1) =>
    (t: Topic): TrendArticle => ({ title: t.name, kind, source: 'interest', interestId: t.id, query: null });
  return [
    ...trending.map(topicArticle(0)),
    ...searches.map((query): TrendArticle => ({ title: query, kind: 2, source: 'search', interestId: null, query })),
    ...best.map(topicArticle(1)),
  ];
}
