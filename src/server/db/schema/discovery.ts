import type { Selectable } from 'kysely';
import type { Flag } from './flag.ts';

// Today's articles (migration 0008, docs/decisions/0024-discovery-pages.md).

/**
 * An article of the Today tab for a region and a day: curated by an operator, or made from the
 * week's trends when no operator curated that day. Its pins are its own list (`pins`), a topic's
 * (`interest`) or a search's (`search`).
 */
export type TodayArticlesTable = {
  id: string;
  /** A region of viewer spec section 9, as en_US. */
  region: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
  origin: 'curated' | 'trend';
  position: number;
  title: string;
  /** 0 and 2 trending, 1 best of, 3 editorial (src/shared/today-paths.ts). */
  kind: number;
  is_shop: Flag;
  source: 'pins' | 'interest' | 'search';
  interest_id: string | null;
  query: string | null;
  cover_pin_id: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
};

export type TodayArticlePinsTable = { article_id: string; pin_id: string; position: number };
export type TodayTrendRunsTable = { region: string; day: string; made_at: number };
export type TodayArticle = Selectable<TodayArticlesTable>;
