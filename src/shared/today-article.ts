import type { InterestJson } from './interest-json.ts';
import type { TodayRegion } from './today-paths.ts';

/**
 * The Today payloads (src/server/discovery/today*.ts), declared once for the server that sends them
 * and the browser that reads them. `Pin` is each side's own pin JSON (the server's presented pin,
 * the browser's view of it), the one part whose shape each side declares for itself.
 */

/** Where an article comes from: curated by an operator, or made from the week's trends. */
export type TodayArticleOrigin = 'curated' | 'trend';
/** Where its pins come from: its own list, a topic, or a search. */
export type TodayArticleSource = 'pins' | 'interest' | 'search';

/** A Today article as its card and its page show it (viewer spec section 3, "Explore article"). */
export type TodayArticleJson<Pin> = {
  type: 'today_article';
  id: string;
  title: string;
  /** 0 trending ideas, 1 best of, 2 trending searches, 3 editorial (today-paths.ts). */
  kind: number;
  is_shop: boolean;
  region: string;
  day: string;
  origin: TodayArticleOrigin;
  /** Its address by the spec's path and slug rules. */
  url: string;
  source: TodayArticleSource;
  interest: InterestJson | null;
  query: string | null;
  cover_pin: Pin | null;
};

/** TodayArticlesResource: a region's articles of the day. */
export type TodayData<Pin> = { region: TodayRegion; day: string; articles: TodayArticleJson<Pin>[] };

/** An article as the operators' screen lists it, with its own pins. */
export type CuratedArticleJson<Pin> = TodayArticleJson<Pin> & { pin_ids: string[] };

/** TodayArticleAdminResource get: a day's curated articles in order, and the topics to choose from. */
export type CuratedDay<Pin> = { articles: CuratedArticleJson<Pin>[]; topics: { id: string; name: string }[] };
