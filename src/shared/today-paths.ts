/**
 * Today articles' addresses and regions (viewer spec section 2, "Today article path rules", and
 * section 9, "Today locale regions"). Pure, so the server's links, the page routes and the
 * sitemap agree on every path.
 */

/** 0 and 2 are trending (ideas, searches), 1 is a best-of, anything else an editorial article. */
export const TODAY_KINDS = [0, 1, 2, 3] as const;
export type TodayKind = (typeof TODAY_KINDS)[number];

export const TODAY_SEGMENTS = ['shop', 'trending', 'best', 'article'] as const;
export type TodaySegment = (typeof TODAY_SEGMENTS)[number];

/** The path rule: shop when the shop flag is set; trending for kind 0 or 2; best for kind 1; article otherwise. */
export function todaySegment(article: { kind: number; is_shop: boolean }): TodaySegment {
  if (article.is_shop) return 'shop';
  if (article.kind === 0 || article.kind === 2) return 'trending';
  if (article.kind === 1) return 'best';
  return 'article';
}

/** A title whose every character is punctuation still needs a path segment. */
export const EMPTY_SLUG = 'today';

/**
 * The slug rule: the lowercased title with punctuation removed and whitespace turned into hyphens.
 * Symbols (emoji, currency, +) count as punctuation; a run of whitespace is one hyphen, and none
 * leads or trails. Hyphens of the title are punctuation too, so a slug never holds "--" and the
 * `text--pinId` form below is never ambiguous.
 */
export function todaySlug(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, '')
    .trim()
    .replace(/\s+/gu, '-');
  return slug === '' ? EMPTY_SLUG : slug;
}

const PIN_SUFFIX = /^(.*)--(\d{1,20})$/su;

/** A slug of the form text--pinId splits into text and pin id; any other slug is all text. */
export function splitTodaySlug(slug: string): { text: string; pinId: string | null } {
  const match = PIN_SUFFIX.exec(slug);
  if (!match) return { text: slug, pinId: null };
  return { text: match[1] ?? '', pinId: match[2] ?? null };
}

export type TodayArticleRef = { id: string; title: string; kind: number; is_shop: boolean };

/** /today/{shop|trending|best|article}/{slug}/{id}/, the slug carrying a pin to lead with when given. */
export function todayArticlePath(article: TodayArticleRef, leadPinId: string | null = null): string {
  const slug = todaySlug(article.title) + (leadPinId === null ? '' : `--${leadPinId}`);
  return `/today/${todaySegment(article)}/${encodeURIComponent(slug)}/${article.id}/`;
}

/**
 * The regions of today's articles: en (US, GB, CA, IN, AU, ID), es (19 Spanish-speaking
 * regions), pt (BR), de (DE, AT, CH), fr (FR), id (ID), ja (JP), it (IT), sv (SE). The 19 are
 * the countries with Spanish as their main language where the product is offered (Cuba and
 * Equatorial Guinea are not).
 */
const SPANISH_COUNTRIES = ['AR', 'BO', 'CL', 'CO', 'CR', 'DO', 'EC', 'ES', 'GT', 'HN', 'MX', 'NI', 'PA', 'PE', 'PR', 'PY', 'SV', 'UY', 'VE'] as const;

export const TODAY_REGIONS = [
  ...(['US', 'GB', 'CA', 'IN', 'AU', 'ID'] as const).map((c) => `en_${c}` as const),
  ...SPANISH_COUNTRIES.map((c) => `es_${c}` as const),
  'pt_BR',
  ...(['DE', 'AT', 'CH'] as const).map((c) => `de_${c}` as const),
  'fr_FR',
  'id_ID',
  'ja_JP',
  'it_IT',
  'sv_SE',
] as const;
export type TodayRegion = (typeof TODAY_REGIONS)[number];

export const DEFAULT_TODAY_REGION: TodayRegion = 'en_US';

/** Where a language is read when the reader's country has no region of it. */
const LANGUAGE_HOME: Readonly<Record<string, TodayRegion>> = {
  en: 'en_US',
  es: 'es_ES',
  pt: 'pt_BR',
  de: 'de_DE',
  fr: 'fr_FR',
  id: 'id_ID',
  ja: 'ja_JP',
  it: 'it_IT',
  sv: 'sv_SE',
};

export function isTodayRegion(value: string): value is TodayRegion {
  return (TODAY_REGIONS as readonly string[]).includes(value);
}

/** A region's language and country: en_GB → en, GB. */
export function regionParts(region: TodayRegion): { language: string; country: string } {
  const [language = '', country = ''] = region.split('_');
  return { language, country };
}

/**
 * The region of a reader: their language in their country when that is a region; else the
 * language's home region (Latin American Spanish, es_419, reads Mexico's); else a region of their
 * country in any language; else the default.
 */
export function todayRegionOf(locale: string, country: string): TodayRegion {
  const [language = '', localeArea = ''] = locale.toLowerCase().split(/[_-]/);
  for (const area of [country.toUpperCase(), localeArea.toUpperCase()]) {
    const candidate = `${language}_${area}`;
    if (area !== '' && isTodayRegion(candidate)) return candidate;
  }
  if (language === 'es' && localeArea === '419') return 'es_MX';
  const home = LANGUAGE_HOME[language];
  if (home) return home;
  return TODAY_REGIONS.find((r) => regionParts(r).country === country.toUpperCase()) ?? DEFAULT_TODAY_REGION;
}

/** Today's date (UTC) as YYYY-MM-DD: articles are curated for a day, the same day everywhere. */
export function todayOf(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}
