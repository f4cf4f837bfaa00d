import { describe, expect, it } from 'vitest';
import {
  EMPTY_SLUG,
  TODAY_REGIONS,
  splitTodaySlug,
  todayArticlePath,
  todayOf,
  todayRegionOf,
  todaySegment,
  todaySlug,
} from '../../../src/shared/today-paths.ts';

describe('Today article path rule', () => {
  it('is shop when the shop flag is set, whatever the kind', () => {
    for (const kind of [0, 1, 2, 3, 7]) expect(todaySegment({ kind, is_shop: true })).toBe('shop');
  });

  it('is trending for kind 0 or 2, best for kind 1, article otherwise', () => {
    expect(todaySegment({ kind: 0, is_shop: false })).toBe('trending');
    expect(todaySegment({ kind: 2, is_shop: false })).toBe('trending');
    expect(todaySegment({ kind: 1, is_shop: false })).toBe('best');
    expect(todaySegment({ kind: 3, is_shop: false })).toBe('article');
    expect(todaySegment({ kind: -1, is_shop: false })).toBe('article');
  });

  it('builds /today/{segment}/{slug}/{id}/, with a lead pin as text--pinId', () => {
    const article = { id: '123', title: 'Cozy Autumn Nights!', kind: 1, is_shop: false };
    expect(todayArticlePath(article)).toBe('/today/best/cozy-autumn-nights/123/');
    expect(todayArticlePath(article, '987')).toBe('/today/best/cozy-autumn-nights--987/123/');
    expect(todayArticlePath({ ...article, is_shop: true })).toBe('/today/shop/cozy-autumn-nights/123/');
  });

  it('percent-encodes a slug of other scripts so the path stays a URL', () => {
    expect(todayArticlePath({ id: '5', title: 'Café Époque', kind: 3, is_shop: false })).toBe(`/today/article/${encodeURIComponent('café-époque')}/5/`);
  });
});

describe('Today slug rule', () => {
  it('lowercases the title, removes punctuation and turns whitespace into hyphens', () => {
    expect(todaySlug('10 Easy Weeknight Dinners')).toBe('10-easy-weeknight-dinners');
    expect(todaySlug("Grandma's Best: Apple Pie, Revisited.")).toBe('grandmas-best-apple-pie-revisited');
  });

  it('removes hyphens of the title as punctuation, so a slug never holds "--"', () => {
    expect(todaySlug('Mid-century — modern')).toBe('midcentury-modern');
    expect(todaySlug('A -- B')).toBe('a-b');
    expect(todaySlug('Top 10 & 5')).toBe('top-10-5');
  });

  it('makes one hyphen of a run of whitespace and none at either end', () => {
    expect(todaySlug('  Hello \t\n  world  ')).toBe('hello-world');
  });

  it('counts symbols and emoji as punctuation and keeps letters of every script', () => {
    expect(todaySlug('Coffee ☕ + cake $5')).toBe('coffee-cake-5');
    expect(todaySlug('Ünïcode Straße')).toBe('ünïcode-straße');
    expect(todaySlug('東京の夜')).toBe('東京の夜');
  });

  it('gives a title of punctuation only a slug all the same', () => {
    expect(todaySlug('?!…')).toBe(EMPTY_SLUG);
    expect(todaySlug('')).toBe(EMPTY_SLUG);
  });
});

describe('text--pinId slug split', () => {
  it('splits a slug ending in --digits into text and pin id', () => {
    expect(splitTodaySlug('cozy-autumn-nights--987654321')).toEqual({ text: 'cozy-autumn-nights', pinId: '987654321' });
  });

  it('keeps a slug without the form whole', () => {
    expect(splitTodaySlug('cozy-autumn-nights')).toEqual({ text: 'cozy-autumn-nights', pinId: null });
    expect(splitTodaySlug('top-10-5')).toEqual({ text: 'top-10-5', pinId: null });
    expect(splitTodaySlug('cozy--nights')).toEqual({ text: 'cozy--nights', pinId: null });
    expect(splitTodaySlug('x--12a')).toEqual({ text: 'x--12a', pinId: null });
  });

  it('splits at the last --, and accepts empty text', () => {
    expect(splitTodaySlug('a--b--42')).toEqual({ text: 'a--b', pinId: '42' });
    expect(splitTodaySlug('--42')).toEqual({ text: '', pinId: '42' });
  });

  it('takes only ids that can exist (at most 20 digits)', () => {
    expect(splitTodaySlug(`t--${'9'.repeat(21)}`).pinId).toBeNull();
  });

  it('round-trips what todayArticlePath writes', () => {
    const path = todayArticlePath({ id: '1', title: 'Best of 2024', kind: 1, is_shop: false }, '55');
    const slug = decodeURIComponent(path.split('/')[3] ?? '');
    expect(splitTodaySlug(slug)).toEqual({ text: todaySlug('Best of 2024'), pinId: '55' });
  });
});

describe('Today locale regions', () => {
  it('are the regions of viewer spec section 9: 6 English, 19 Spanish, then pt, de (3), fr, id, ja, it, sv', () => {
    expect(TODAY_REGIONS.filter((r) => r.startsWith('en_'))).toEqual(['en_US', 'en_GB', 'en_CA', 'en_IN', 'en_AU', 'en_ID']);
    expect(TODAY_REGIONS.filter((r) => r.startsWith('es_'))).toHaveLength(19);
    expect(TODAY_REGIONS.filter((r) => !r.startsWith('en_') && !r.startsWith('es_'))).toEqual([
      'pt_BR',
      'de_DE',
      'de_AT',
      'de_CH',
      'fr_FR',
      'id_ID',
      'ja_JP',
      'it_IT',
      'sv_SE',
    ]);
    expect(new Set(TODAY_REGIONS).size).toBe(TODAY_REGIONS.length);
  });

  it('picks the reader language in their country when that is a region', () => {
    expect(todayRegionOf('en_US', 'GB')).toBe('en_GB');
    expect(todayRegionOf('en_GB', 'ID')).toBe('en_ID');
    expect(todayRegionOf('id_ID', 'ID')).toBe('id_ID');
    expect(todayRegionOf('de', 'AT')).toBe('de_AT');
    expect(todayRegionOf('es_AR', 'CL')).toBe('es_CL');
  });

  it('falls back to the locale country, then the language home region', () => {
    expect(todayRegionOf('es_ES', 'US')).toBe('es_ES');
    expect(todayRegionOf('es_419', 'US')).toBe('es_MX');
    expect(todayRegionOf('pt_PT', 'PT')).toBe('pt_BR');
    expect(todayRegionOf('fr', 'CA')).toBe('fr_FR');
    expect(todayRegionOf('ja', 'US')).toBe('ja_JP');
  });

  it('then a region of the country, then en_US', () => {
    expect(todayRegionOf('nl', 'DE')).toBe('de_DE');
    expect(todayRegionOf('ko_KR', 'KR')).toBe('en_US');
    expect(todayRegionOf('', '')).toBe('en_US');
  });

  it('dates a day in UTC', () => {
    expect(todayOf(Date.UTC(2025, 0, 31, 23, 59))).toBe('2025-01-31');
    expect(todayOf(Date.UTC(2025, 1, 1, 0, 0))).toBe('2025-02-01');
  });
});
