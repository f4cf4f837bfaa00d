import { DEFAULT_LOCALE, LOCALES, RTL_LOCALES, type Locale } from './constants.ts';

const KNOWN = new Set<string>(LOCALES);

/** When only a language is asked for, the locale that serves it. */
const LANGUAGE_DEFAULTS: Readonly<Record<string, Locale>> = {
  en: 'en_US',
  es: 'es_ES',
  pt: 'pt_BR',
  zh: 'zh_CN',
  de: 'de',
  fr: 'fr',
  it: 'it',
  ja: 'ja',
  nl: 'nl',
  tr: 'tr',
  nb: 'nb_NO',
  no: 'nb_NO',
  iw: 'he_IL',
};

export function isLocale(value: string): value is Locale {
  return KNOWN.has(value);
}

/** `pt-BR`, `pt_br`, `pt` → the closest known locale, or null. */
export function normalizeLocale(tag: string): Locale | null {
  const [rawLanguage, rawRegion] = tag.trim().replace('-', '_').split('_');
  if (!rawLanguage) return null;
  const language = rawLanguage.toLowerCase();
  const exact = rawRegion ? `${language}_${rawRegion.toUpperCase()}` : language;
  if (isLocale(exact)) return exact;
  if (rawRegion === '419' && isLocale(`${language}_419`)) return `${language}_419` as Locale;
  const byDefault = LANGUAGE_DEFAULTS[language];
  if (byDefault) return byDefault;
  return LOCALES.find((l) => l.startsWith(`${language}_`)) ?? null;
}

/** Accept-Language entries in order of preference (q values, then position). */
export function parseAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((e) => e.tag && e.tag !== '*' && e.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((e) => e.tag);
}

/** Locale from the `?locale=` override, else the viewer, else Accept-Language, else en_US. */
export function resolveLocale(input: { query?: string | null; viewer?: string | null; acceptLanguage?: string | null }): Locale {
  const candidates = [input.query, input.viewer, ...parseAcceptLanguage(input.acceptLanguage ?? '')];
  for (const candidate of candidates) {
    const locale = candidate ? normalizeLocale(candidate) : null;
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

export function textDirection(locale: Locale): 'ltr' | 'rtl' {
  return RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr';
}

/** The BCP 47 tag for `<html lang>`: `en_US` → `en-US`, `es_419` → `es-419`. */
export function htmlLang(locale: Locale): string {
  return locale.replace('_', '-');
}
