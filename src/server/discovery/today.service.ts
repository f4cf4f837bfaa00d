import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import type { TodayArticle } from '../db/schema/discovery.ts';
import { AppError } from '../errors.ts';
import { keepVisible } from '../search/pin-matches.ts';
import { visibleAfter } from '../search/visible-page.ts';
import { readerOf, type Reader } from '../access/authorized.ts';
import { presentInterests } from '../social/topics.ts';
import type { TodayArticleJson, TodayData } from '../../shared/contracts/discovery.ts';
import { todayArticlePath, todayOf, type TodayRegion } from '../../shared/today-paths.ts';
import { articleRanking } from './article-ranking.ts';
import { listingReader, pageOfRanking, presentPinIds, type PinPage } from './discovery-feeds.ts';
import { articlesOf, findArticle } from './today.repo.ts';
import { topicsWithIds } from './topics.repo.ts';
import { ensureTrendArticles } from './today-trends.ts';
import { withLead } from './topic-ranking.ts';

/**
 * TodayArticlesResource get {region}: today's articles for the region, the operators' when they
 * curated any for today, else those made from the week's trends (made on the first read of the day).
 */
export async function todayArticles(deps: Deps, actor: Actor, region: TodayRegion): Promise<TodayData> {
  const now = Date.now();
  const day = todayOf(now);
  let articles = await articlesOf(deps.db, region, day, 'curated');
  if (articles.length === 0) {
    await ensureTrendArticles(deps, region, day, now);
    articles = await articlesOf(deps.db, region, day, 'trend');
  }
  return { region, day, articles: await presentArticles(deps, readerOf(actor), articles) };
}

/** TodayArticleResource get {id}: one article, of any day (its address stays valid). */
export async function todayArticle(deps: Deps, actor: Actor, id: string): Promise<TodayArticleJson> {
  const article = await findArticle(deps.db, id);
  if (!article) throw new AppError('not_found');
  const [json] = await presentArticles(deps, readerOf(actor), [article]);
  if (!json) throw new AppError('not_found');
  return json;
}

/** TodayArticleFeedResource get {id, lead_pin_id?, bookmark?}: the article's pins, the one its address names first. */
export async function todayArticleFeed(
  deps: Deps,
  actor: Actor,
  options: { id: string; lead_pin_id?: string | undefined; bookmark?: string | undefined },
): Promise<PinPage> {
  const article = await findArticle(deps.db, options.id);
  if (!article) throw new AppError('not_found');
  const reader = readerOf(actor);
  return pageOfRanking(deps, reader, options.bookmark, async (now) => {
    const ranking = await articleRanking(deps, listingReader(reader), article, now);
    return { ranked: withLead(ranking.ranked, options.lead_pin_id ?? null), keep: ranking.keep };
  });
}

/** Articles with their topics and covers: the chosen cover if the reader may see it, else the first pin. */
export async function presentArticles(deps: Deps, reader: Reader, articles: readonly TodayArticle[]): Promise<TodayArticleJson[]> {
  const now = Date.now();
  const listing = listingReader(reader);
  const chosen = await keepVisible(
    deps,
    listing,
    articles.flatMap((a) => (a.cover_pin_id === null ? [] : [a.cover_pin_id])),
  );
  const coverIds = new Map<string, string>();
  for (const article of articles) {
    if (article.cover_pin_id !== null && chosen.has(article.cover_pin_id)) {
      coverIds.set(article.id, article.cover_pin_id);
      continue;
    }
    const [first] = await visibleAfter(await articleRanking(deps, listing, article, now), null, 1);
    if (first) coverIds.set(article.id, first.id);
  }
  const topicIds = [...new Set(articles.flatMap((a) => (a.interest_id === null ? [] : [a.interest_id])))];
  const topicRows = await topicsWithIds(deps.db, topicIds);
  const [pins, topics] = await Promise.all([presentPinIds(deps, reader, [...new Set(coverIds.values())]), presentInterests(deps.db, reader.userId, topicRows)]);
  const pinById = new Map(pins.map((p) => [p.id, p]));
  const topicById = new Map(topics.map((t) => [t.id, t]));
  return articles.map((a) => {
    const cover = coverIds.get(a.id);
    return {
      type: 'today_article',
      id: a.id,
      title: a.title,
      kind: a.kind,
      is_shop: a.is_shop === 1,
      region: a.region,
      day: a.day,
      origin: a.origin,
      url: todayArticlePath({ id: a.id, title: a.title, kind: a.kind, is_shop: a.is_shop === 1 }),
      source: a.source,
      interest: a.interest_id === null ? null : (topicById.get(a.interest_id) ?? null),
      query: a.query,
      cover_pin: cover === undefined ? null : (pinById.get(cover) ?? null),
    };
  });
}
