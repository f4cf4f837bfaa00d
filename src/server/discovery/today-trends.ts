import { sql } from 'kysely';
import { visitor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import { newId } from '../db/ids.ts';
import { transact } from '../db/transaction.ts';
import type { TodayArticlesTable } from '../db/schema/discovery.ts';
import { visiblePhrases } from '../search/pin-matches.ts';
import { queryTokens } from '../search/search-text.ts';
import { visibleAfter } from '../search/visible-page.ts';
import { readerOf } from '../access/authorized.ts';
import { regionParts, type TodayRegion } from '../../shared/today-paths.ts';
import { articleRanking } from './article-ranking.ts';
import { topicsOfPins } from './related-interests.ts';
import { pickTrends, type TrendArticle } from './trend-rules.ts';

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

const asVisitor = readerOf(visitor);

export async function ensureTrendArticles(deps: Deps, region: TodayRegion, day: string, now: number): Promise<void> {
  const done = await deps.db.selectFrom('today_trend_runs').select('day').where('region', '=', region).where('day', '=', day).executeTakeFirst();
  if (done) return;
  const planned = await withCovers(deps, await planTrends(deps, region, now), now);
  await transact(deps.db, async (trx) => {
    const run = await trx
      .insertInto('today_trend_runs')
      .values({ region, day, made_at: now })
      .onConflict((oc) => oc.columns(['region', 'day']).doNothing())
      .executeTakeFirst();
    // Another reader made them meanwhile.
    if (Number(run.numInsertedOrUpdatedRows ?? 0n) === 0) return;
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
    await trx.insertInto('today_articles').values(rows).execute();
  });
}

/** What the week's saves and searches say, in the region's country when it saved enough. */
async function planTrends(deps: Deps, region: TodayRegion, now: number): Promise<TrendArticle[]> {
  const since = now - TREND_DAYS * DAY_MS;
  const { country } = regionParts(region);
  const local = await savedPins(deps, since, country);
  const saves = local.reduce((n, p) => n + p.saves, 0) >= MIN_REGION_SAVES ? local : await savedPins(deps, since, null);
  const topicsOf = await topicsOfPins(
    deps,
    saves.map((p) => p.pinId),
  );
  const topicSaves = new Map<string, number>();
  for (const { pinId, saves: count } of saves) for (const id of topicsOf.get(pinId) ?? []) topicSaves.set(id, (topicSaves.get(id) ?? 0) + count);
  const topics = await deps.db.selectFrom('interests').selectAll().execute();
  const searches = await trendingSearches(deps, since, country);
  return pickTrends({ topics, topicSaves, searches });
}

async function savedPins(deps: Deps, since: number, country: string | null): Promise<{ pinId: string; saves: number }[]> {
  let query = deps.db
    .selectFrom('board_pins as bp')
    .innerJoin('boards', 'boards.id', 'bp.board_id')
    .innerJoin('pins', 'pins.id', 'bp.pin_id')
    .select((eb) => ['bp.pin_id', eb.fn.countAll<number | string>().as('saves')])
    .where('bp.created_at', '>=', since)
    .where('boards.privacy', '=', 'public')
    .where('pins.deleted_at', 'is', null)
    .where('pins.is_unsafe', '=', 0);
  if (country !== null) query = query.where('bp.saved_by', 'in', (eb) => eb.selectFrom('users').select('id').where('country', '=', country));
  const rows = await query
    .groupBy('bp.pin_id')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('bp.pin_id', 'desc')
    .limit(TREND_PINS)
    .execute();
  return rows.map((r) => ({ pinId: r.pin_id, saves: Number(r.saves) }));
}

/**
 * Searches several members made this week (their recent searches, not their own-pins ones), most
 * searchers first, and only those that find a pin anyone may see: a word only secret pins hold is
 * never published.
 */
async function trendingSearches(deps: Deps, since: number, country: string): Promise<string[]> {
  const rows = await deps.db
    .selectFrom('recent_searches as rs')
    .innerJoin('users', 'users.id', 'rs.user_id')
    .select((eb) => ['rs.query_key', eb.fn.count<number | string>('rs.user_id').distinct().as('searchers')])
    .where('rs.list', '=', 'recent')
    .where('rs.searched_at', '>=', since)
    .where('users.country', '=', country)
    .groupBy('rs.query_key')
    .having((eb) => eb.fn.count('rs.user_id').distinct(), '>=', MIN_SEARCHERS)
    .orderBy(sql`count(distinct rs.user_id)`, 'desc')
    .orderBy('rs.query_key')
    .limit(20)
    .execute();
  const queries = rows.map((r) => r.query_key).filter((q) => queryTokens(q).length > 0);
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
