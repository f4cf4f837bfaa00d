import type * as Topics from '../../shared/interest-json.ts';
import type * as Today from '../../shared/today-article.ts';
import type { PinJson } from '../pins/types.ts';

/*
 * The discovery payloads are declared once in src/shared (the server sends them, these pages read
 * them); here they carry the browser's own pin JSON.
 */

export type InterestJson = Topics.InterestJson;

/** A topic of the ideas index, with its best pin as its cover. */
export type IdeaJson = Topics.IdeaJson<PinJson>;

export type TodayArticleJson = Today.TodayArticleJson<PinJson>;

export type TodayData = Today.TodayData<PinJson>;

/** An article as the operators' screen lists it, with its own pins. */
export type CuratedArticleJson = Today.CuratedArticleJson<PinJson>;

export type CuratedDay = Today.CuratedDay<PinJson>;

export type DiscoverySection = 'videos' | 'shopping';
