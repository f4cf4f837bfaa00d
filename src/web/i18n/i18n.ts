import { createInstance, type i18n } from 'i18next';
import { DEFAULT_LOCALE, type Locale } from '../../shared/constants.ts';

export type Messages = Record<string, string>;

/**
 * Two parts per locale: the core texts (the shell and the home page), which the page server
 * embeds in every page as a JSON block, and the page texts (every other page and dialog), a chunk
 * loaded with the first page or dialog that needs them. The split keeps the first load small as
 * pages grow; embedding the core saves the first load a request and a table of 45 chunk names.
 */
export type TextPart = 'core' | 'pages';

const loaders: Record<TextPart, Record<string, () => Promise<Messages>>> = {
  // Only the server reads the core texts from here: the browser has them from the page.
  core: import.meta.env.SSR ? import.meta.glob<Messages>('./locales/*.json', { import: 'default' }) : {},
  pages: import.meta.glob<Messages>('./locales/pages/*.json', { import: 'default' }),
};
const folders: Record<TextPart, string> = { core: './locales/', pages: './locales/pages/' };

/** Handlers whose texts are all core: the home page and its other name. */
export const CORE_TEXT_HANDLERS: ReadonlySet<string> = new Set(['index', 'homefeed']);

export class MissingLocaleError extends Error {
  override name = 'MissingLocaleError';
  readonly code = 'MODULE_NOT_FOUND';
}

export async function loadMessages(locale: Locale, part: TextPart = 'core'): Promise<Messages> {
  const file = `${folders[part]}${locale}.json`;
  const loader = loaders[part][file];
  if (!loader) throw new MissingLocaleError(`Cannot find module '${file}'`);
  return loader();
}

async function loadParts(locale: Locale, parts: readonly TextPart[]): Promise<Messages> {
  const loaded = await Promise.all(parts.map((part) => loadMessages(locale, part)));
  return loaded.reduce<Messages>((all, messages) => ({ ...all, ...messages }), {});
}

export type Bundles = Partial<Record<Locale, Messages>>;

/** The locale's messages plus en_US, which fills any key the locale lacks. */
export async function loadBundles(locale: Locale, parts: readonly TextPart[] = ['core']): Promise<Bundles> {
  const [fallback, own] = await Promise.all([loadParts(DEFAULT_LOCALE, parts), locale === DEFAULT_LOCALE ? null : loadParts(locale, parts)]);
  return own ? { [DEFAULT_LOCALE]: fallback, [locale]: own } : { [DEFAULT_LOCALE]: fallback };
}

let pageTexts: { instance: i18n; locale: Locale; loaded: Promise<void> | null } | null = null;

/** In the browser: the instance that page texts are added to, and whether they came with it. */
export function registerPageTexts(instance: i18n, locale: Locale, loaded: boolean): void {
  pageTexts = { instance, locale, loaded: loaded ? Promise.resolve() : null };
}

/** Adds the page texts to the browser's instance once; the server's instances have them all. */
export function loadPageTexts(): Promise<void> {
  const target = pageTexts;
  if (!target) return Promise.resolve();
  target.loaded ??= loadBundles(target.locale, ['pages']).then(
    (bundles) => {
      for (const [lng, messages] of Object.entries(bundles)) target.instance.addResources(lng, 'translation', messages);
    },
    (error: unknown) => {
      target.loaded = null;
      throw error;
    },
  );
  return target.loaded;
}

/** For React.lazy of a dialog the shell opens: its code and the page texts arrive together. */
export function withPageTexts<M>(load: () => Promise<M>): () => Promise<M> {
  return async () => (await Promise.all([load(), loadPageTexts()]))[0];
}

/** Each locale's messages of both, the second's winning. */
export function mergeBundles(first: Bundles, second: Bundles): Bundles {
  const locales = new Set([...Object.keys(first), ...Object.keys(second)]) as Set<Locale>;
  return Object.fromEntries([...locales].map((locale) => [locale, { ...first[locale], ...second[locale] }]));
}

/** A synchronous i18next instance; one per request on the server, one per page in the browser. */
export function createI18n(locale: Locale, bundles: Bundles): i18n {
  const instance = createInstance();
  const resources = Object.fromEntries(Object.entries(bundles).map(([lng, messages]) => [lng, { translation: messages }]));
  void instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    // Our locale names (en_US, es_419) are not BCP 47; look them up exactly as written.
    load: 'currentOnly',
    lowerCaseLng: false,
    nonExplicitSupportedLngs: false,
    supportedLngs: false,
    keySeparator: false,
    nsSeparator: false,
    initAsync: false,
    resources,
    interpolation: { escapeValue: false },
  });
  return instance;
}
