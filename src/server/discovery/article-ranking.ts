import type { Deps } from '../deps.ts';
import type { TodayArticle } from '../db/schema/discovery.ts';
import { keepVisible } from '../search/pin-matches.ts';
import { searchPins } from '../search/pin-search.ts';
import { queryTokens } from '../search/search-text.ts';
import { allVisible, type Ranking } from '../search/visible-page.ts';
import type { Reader } from '../access/authorized.ts';
import { topicRanking } from './discovery-feeds.ts';
import { articlePinIds } from './today.repo.ts';
import { topicById } from './topics.repo.ts';
import { rankByPosition, TOPIC_WEIGHTS } from './topic-ranking.ts';

export type ArticleSource = Pick<TodayArticle, 'id' | 'is_shop' | 'source' | 'interest_id' | 'query'>;

/**
 * An article's pins in order: its own list in the operator's order, or its topic's pins, or its
 * search's, ranked as a topic page ranks (only products for a shop article).
 */
export async function articleRanking(deps: Deps, reader: Reader, article: ArticleSource, now: number): Promise<Ranking> {
  const kind = article.is_shop === 1 ? 'products' : 'all';
  if (article.source === 'pins') {
    return { ranked: rankByPosition(await articlePinIds(deps.db, article.id)), keep: (ids) => keepVisible(deps, reader, ids) };
  }
  if (article.source === 'interest') {
    const topic = article.interest_id === null ? undefined : await topicById(deps.db, article.interest_id);
    return topic ? topicRanking(deps, reader, topic, kind, now) : allVisible([]);
  }
  const tokens = queryTokens(article.query ?? '');
  if (tokens.length === 0) return allVisible([]);
  return searchPins(deps, reader, { tokens, kind, savedBy: null, product: null }, now, TOPIC_WEIGHTS);
}
