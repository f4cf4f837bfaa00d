import { createInstance, type i18n } from 'i18next';
import { DEFAULT_LOCALE, type Locale } from '../../shared/constants.ts';

export type Messages = Record<string, string>;

/** One lazily loaded chunk per locale. */
const loaders = import.meta.glob<Messages>('./locales/*.json', { import: 'default' });

export class MissingLocaleError extends Error {
  override name = 'MissingLocaleError';
  readonly code = 'MODULE_NOT_FOUND';
}

export async function loadMessages(locale: Locale): Promise<Messages> {
  const loader = loaders[`./locales/${locale}.json`];
  if (!loader) throw new MissingLocaleError(`Cannot find module './locales/${locale}.json'`);
  return loader();
}

/** The locale's messages plus en_US, which fills any key the locale lacks. */
export async function loadBundles(locale: Locale): Promise<Partial<Record<Locale, Messages>>> {
  const [fallback, own] = await Promise.all([
    loadMessages(DEFAULT_LOCALE),
    locale === DEFAULT_LOCALE ? null : loadMessages(locale),
  ]);
  return own ? { [DEFAULT_LOCALE]: fallback, [locale]: own } : { [DEFAULT_LOCALE]: fallback };
}

/** A synchronous i18next instance; one per request on the server, one per page in the browser. */
export function createI18n(locale: Locale, bundles: Partial<Record<Locale, Messages>>): i18n {
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
