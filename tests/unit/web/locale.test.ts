import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, RTL_LOCALES } from '../../../src/shared/constants.ts';
import { htmlLang, normalizeLocale, parseAcceptLanguage, resolveLocale, textDirection } from '../../../src/shared/locale.ts';
import { createI18n } from '../../../src/web/i18n/i18n.ts';

const LOCALE_DIR = path.resolve(import.meta.dirname, '../../../src/web/i18n/locales');
const PARTS = { core: LOCALE_DIR, pages: path.join(LOCALE_DIR, 'pages') } as const;
const readPart = (part: keyof typeof PARTS, locale: string) =>
  JSON.parse(fs.readFileSync(path.join(PARTS[part], `${locale}.json`), 'utf8')) as Record<string, string>;
/** A locale's whole catalogue: its core texts and its page texts. */
const readCatalogue = (locale: string) => ({ ...readPart('core', locale), ...readPart('pages', locale) });

describe('locale resolution', () => {
  it('prefers the ?locale= override, then the viewer, then Accept-Language, then en_US', () => {
    expect(resolveLocale({ query: 'ar_SA', viewer: 'de', acceptLanguage: 'fr' })).toBe('ar_SA');
    expect(resolveLocale({ viewer: 'de', acceptLanguage: 'fr' })).toBe('de');
    expect(resolveLocale({ acceptLanguage: 'fr-CA,fr;q=0.9' })).toBe('fr');
    expect(resolveLocale({})).toBe('en_US');
  });

  it('skips values it cannot serve', () => {
    expect(resolveLocale({ query: 'xx_YY', viewer: 'qq', acceptLanguage: 'kl, he-IL;q=0.5' })).toBe('he_IL');
  });

  it('orders Accept-Language by q value and ignores q=0 and *', () => {
    expect(parseAcceptLanguage('de;q=0.5, es-ES, *;q=0.1, ja;q=0')).toEqual(['es-ES', 'de']);
  });

  it('maps language tags to the closest locale', () => {
    expect(normalizeLocale('pt-BR')).toBe('pt_BR');
    expect(normalizeLocale('pt')).toBe('pt_BR');
    expect(normalizeLocale('en')).toBe('en_US');
    expect(normalizeLocale('en-gb')).toBe('en_GB');
    expect(normalizeLocale('es-419')).toBe('es_419');
    expect(normalizeLocale('de-AT')).toBe('de');
    expect(normalizeLocale('sv')).toBe('sv_SE');
    expect(normalizeLocale('klingon')).toBeNull();
  });

  it('renders Arabic and Hebrew right to left', () => {
    expect(RTL_LOCALES).toEqual(['ar_SA', 'he_IL']);
    expect(textDirection('ar_SA')).toBe('rtl');
    expect(textDirection('he_IL')).toBe('rtl');
    expect(textDirection('de')).toBe('ltr');
    expect(htmlLang('es_419')).toBe('es-419');
  });
});

describe('message catalogues', () => {
  const english = readCatalogue('en_US');

  it('has one core and one page file per locale of spec section 9', () => {
    for (const dir of Object.values(PARTS)) {
      const files = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.replace(/\.json$/, ''))
        .sort();
      expect(files, dir).toEqual([...LOCALES].sort());
    }
    expect(LOCALES).toHaveLength(45);
  });

  it('gives every locale exactly the keys of en_US in each part, none empty', () => {
    for (const part of ['core', 'pages'] as const) {
      const keys = Object.keys(readPart(part, 'en_US')).sort();
      for (const locale of LOCALES) {
        const catalogue = readPart(part, locale);
        expect(Object.keys(catalogue).sort(), `${part} ${locale}`).toEqual(keys);
        expect(
          Object.values(catalogue).every((v) => typeof v === 'string' && v.trim() !== ''),
          `${part} ${locale}`,
        ).toBe(true);
      }
    }
  });

  it('keeps every key in one part only', () => {
    const core = Object.keys(readPart('core', 'en_US'));
    const pages = new Set(Object.keys(readPart('pages', 'en_US')));
    expect(core.filter((key) => pages.has(key))).toEqual([]);
  });

  it('keeps the interpolation placeholders of en_US', () => {
    const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const locale of LOCALES) {
      const catalogue = readCatalogue(locale);
      for (const [key, text] of Object.entries(english)) expect(placeholders(catalogue[key] ?? ''), `${locale} ${key}`).toEqual(placeholders(text));
    }
  });

  it('has the spec texts in en_US', () => {
    expect(english['offline.toast']).toBe("Hmm...you're not connected to the internet");
    expect(english['offline.banner']).toBe("You're offline! Check your internet connection.");
    expect(english['offline.backOnline']).toBe("You're back online!");
    expect(english['route.loading']).toBe('Loading....');
    expect(english['overlay.loading']).toBe('Loading');
    expect(english['error.unexpected']).toBe('Unexpected Application Error!');
    expect(english['error.default']).toBe('Sorry! Something went wrong on our end!');
    expect(english['verifyEmail.title']).toBe('Verify your email');
    expect(english['verifyEmail.resend']).toBe('Resend email');
    expect(english['verifyEmail.sent']).toBe('Email sent');
    expect(english['verifyEmail.gotIt']).toBe('Got it');
  });

  it('has real translations for ar_SA, he_IL, de, fr and es_ES', () => {
    for (const locale of ['ar_SA', 'he_IL', 'de', 'fr', 'es_ES']) {
      expect(readCatalogue(locale)['verifyEmail.title'], locale).not.toBe(english['verifyEmail.title']);
    }
  });

  it('falls back to en_US for a key the locale lacks', () => {
    const i18n = createI18n('de', { en_US: { 'a.b': 'English', 'c.d': 'Also English' }, de: { 'a.b': 'Deutsch' } });
    expect(i18n.t('a.b')).toBe('Deutsch');
    expect(i18n.t('c.d')).toBe('Also English');
  });

  it('interpolates without HTML escaping (React escapes)', () => {
    const i18n = createI18n('en_US', { en_US: { hi: 'Welcome, {{name}}' } });
    expect(i18n.t('hi', { name: 'A & B' })).toBe('Welcome, A & B');
  });
});
