import type { Deps } from '../deps.ts';
import { newId } from '../db/ids.ts';
import { transact } from '../db/transaction.ts';
import type { TodayArticlesTable } from '../db/schema/discovery.ts';
import { visiblePhrases } from '../search/pin-matches.ts';
import { queryTokens } from '../search/search-text.ts';
import { visibleAfter } from '../search/visible-page.ts';
import { VISITOR } from '../access/authorized.ts';
import { regionParts, type TodayRegion } from '../../shared/today-paths.ts';
import { articleRanking } from './article-ranking.ts';
import { topicsOfPins } from './related-interests.ts';
import { pickTrends, type TrendArticle } from './trend-rules.ts';
import { claimTrendRun, insertArticles, trendRunExists } from './today.repo.ts';
import { mostSavedPins, searchesOfMany } from './today-trends.repo.ts';
import { allTopics } from './topics.repo.ts';

/**
 * Today's articles when no operator curated the day: made once per region and day, on its first
 * read, from the week's trends (docs/decisions/0024-discovery-pages.md). Stored, so an article's
 * address stays valid after its day and every reader of the day sees the same ones.
 */

const DAY_MS = 86_400_000;
/** How far back saves and searches count as a trend. */
export const TREND_DAYS = 7;
/** Below this many saves in the region's country, the whole site's saves are the trend. */
export const MIN_REGION_SAVES = 20;
/** The most saved pins of the week whose topics are counted. */
const TREND_PINS = 200;
/** A search becomes an article only when at least this many members made it: no one's own search is shown. */
export const MIN_SEARCHERS = 3;
/** Searches of many members read per run: the few published are among them. */
const TRENDING_SEARCHES_READ = 20;

const asVisitor = VISITOR;

export async function ensureTrendArticles(deps: Deps, region: TodayRegion, day: string, now: number): Promise<void> {
  if (await trendRunExists(deps.db, region, day)) return;
  const planned = await withCovers(deps, await planTrends(deps, region, now), now);
  await transact(deps.db, async (trx) => {
    // Another reader made them meanwhile.
    if (!(await claimTrendRun(trx, region, day, now))) return;
    if (planned.length === 0) return;
    const rows: TodayArticlesTable[] = planned.map((a, position) => ({
      id: newId(),
      region,
      day,
      origin: 'trend',
      position,
      title: a.title,
      kind: a.kind,
      is_shop: 0,
      source: a.source,
      interest_id: a.interestId,
      query: a.query,
      cover_pin_id: a.coverPinId,
      created_by: null,
      created_at: now,
      updated_at: now,
    }));
    await insertArticles(trx, rows);
  });
}

/** What the week's saves and searches say, in the region's country when it saved enough. */
async function planTrends(deps: Deps, region: TodayRegion, now: number): Promise<TrendArticle[]> {
  const since = now - TREND_DAYS * DAY_MS;
  const { country } = regionParts(region);
  const local = await mostSavedPins(deps.db, since, country, TREND_PINS);
  const saves = local.reduce((n, p) => n + p.saves, 0) >= MIN_REGION_SAVES ? local : await mostSavedPins(deps.db, since, null, TREND_PINS);
  const topicsOf = await topicsOfPins(
    deps,
    saves.map((p) => p.pinId),
  );
  const topicSaves = new Map<string, number>();
  for (const { pinId, saves: count } of saves) for (const id of topicsOf.get(pinId) ?? []) topicSaves.set(id, (topicSaves.get(id) ?? 0) + count);
  const topics = await allTopics(deps.db);
  const searches = await trendingSearches(deps, since, country);
  return pickTrends({ topics, topicSaves, searches });
}

/**
 * Searches several members made this week (their recent searches, not their own-pins ones), most
 * searchers first, and only those that find a pin anyone may see: a word only secret pins hold is
 * never published.
 */
async function trendingSearches(deps: Deps, since: number, country: string): Promise<string[]> {
  const queries = (await searchesOfMany(deps.db, since, country, MIN_SEARCHERS, TRENDING_SEARCHES_READ)).filter((q) => queryTokens(q).length > 0);
  const found = await visiblePhrases(
    deps,
    asVisitor,
    queries.map((q) => queryTokens(q)),
  );
  return queries.filter((_, i) => found[i] === true);
}

/** Each planned article's best pin a visitor may see as its cover; one nobody can see pins of is dropped. */
async function withCovers(deps: Deps, planned: readonly TrendArticle[], now: number): Promise<(TrendArticle & { coverPinId: string })[]> {
  const covered: (TrendArticle & { coverPinId: string })[] = [];
  for (const article of planned) {
    const source = { id: '0', is_shop: 0 as const, source: article.source, interest_id: article.interestId, query: article.query };
    const [first] = await visibleAfter(await articleRanking(deps, asVisitor, source, now), null, 1);
    if (first) covered.push({ ...article, coverPinId: first.id });
  }
  return covered;
}
