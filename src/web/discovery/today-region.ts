import { DEFAULT_TODAY_REGION, isTodayRegion, todayRegionOf, type TodayRegion } from '../../shared/today-paths.ts';
import type { Viewer } from '../../shared/viewer.ts';

/**
 * The region whose articles the Today tab shows: the one the address asks for (?region=), else
 * the member's (their language in their country), else the default. Visitors choose by address,
 * so a visitor's page is the same for every visitor of that address.
 */
export function pageRegion(search: string, viewer: Pick<Viewer, 'locale' | 'country'> | null): TodayRegion {
  const asked = new URLSearchParams(search).get('region') ?? '';
  if (isTodayRegion(asked)) return asked;
  return viewer ? todayRegionOf(viewer.locale, viewer.country) : DEFAULT_TODAY_REGION;
}

/** The label key of an article's kind, by the same rule as its path: shop, trending, best or a story. */
export function kindLabelKey(article: { kind: number; is_shop: boolean }): string {
  if (article.is_shop) return 'discovery.kindShop';
  if (article.kind === 0) return 'discovery.kindTrending';
  if (article.kind === 2) return 'discovery.kindSearches';
  if (article.kind === 1) return 'discovery.kindBest';
  return 'discovery.kindArticle';
}
