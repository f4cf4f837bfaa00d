import type { PinJson } from '../pins/types.ts';

/** A topic as the server presents it (src/server/social/topics.ts). */
export type InterestJson = { type: 'interest'; id: string; name: string; slug: string; url: string; follower_count: number; is_followed: boolean };

/** A topic of the ideas index, with its best pin as its cover. */
export type IdeaJson = InterestJson & { cover_pin: PinJson | null };

/** A Today article (src/server/discovery/today.service.ts). */
export type TodayArticleJson = {
  type: 'today_article';
  id: string;
  title: string;
  kind: number;
  is_shop: boolean;
  region: string;
  day: string;
  origin: 'curated' | 'trend';
  url: string;
  source: 'pins' | 'interest' | 'search';
  interest: InterestJson | null;
  query: string | null;
  cover_pin: PinJson | null;
};

export type TodayData = { region: string; day: string; articles: TodayArticleJson[] };

/** An article as the operators' screen lists it, with its own pins. */
export type CuratedArticleJson = TodayArticleJson & { pin_ids: string[] };

export type DiscoverySection = 'videos' | 'shopping';
