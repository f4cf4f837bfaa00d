import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOME_FEED_KEEP_GROUPS, homeFeedArrival, homeFeedKeepWindowMs, keepsHomeFeed, parseLeftHome, type LeftHome } from '../../../src/shared/home-feed.ts';
import { reasonParts } from '../../../src/web/home/reason-line.ts';
import { createI18n } from '../../../src/web/i18n/i18n.ts';
import { translation } from '../../../src/web/i18n/translate.tsx';
import { FOOTER_BLOCK, pinTileSize } from '../../../src/web/pins/tile-size.ts';
import type { PinJson } from '../../../src/web/pins/types.ts';
import { flagScroll, takeFlaggedScroll } from '../../../src/web/router/scroll.ts';
import type { HomeRecommendationReason } from '../../../src/shared/contracts/feeds.ts';

const MINUTE = 60_000;
const NOW = 1_750_000_000_000;
const left = (agoMs: number, y = 2400, userId = 'u1'): LeftHome => ({ userId, at: NOW - agoMs, y });

describe('home feed keep window (viewer spec sections 4 and 9)', () => {
  it('is 2.5 minutes, or 1 minute in the 1-minute group; any other group or none gets 2.5', () => {
    expect(homeFeedKeepWindowMs(undefined)).toBe(2.5 * MINUTE);
    expect(homeFeedKeepWindowMs(HOME_FEED_KEEP_GROUPS.twoAndAHalfMinutes)).toBe(2.5 * MINUTE);
    expect(homeFeedKeepWindowMs(HOME_FEED_KEEP_GROUPS.oneMinute)).toBe(MINUTE);
    expect(homeFeedKeepWindowMs('control')).toBe(2.5 * MINUTE);
  });

  it('keeps the feed when left under the window ago, not at it or later', () => {
    const window = homeFeedKeepWindowMs(undefined);
    expect(keepsHomeFeed(left(0), 'u1', NOW, window)).toBe(true);
    expect(keepsHomeFeed(left(2.5 * MINUTE - 1), 'u1', NOW, window)).toBe(true);
    expect(keepsHomeFeed(left(2.5 * MINUTE), 'u1', NOW, window)).toBe(false);
    expect(keepsHomeFeed(left(10 * MINUTE), 'u1', NOW, window)).toBe(false);
  });

  it('gives the 1-minute group one minute', () => {
    const window = homeFeedKeepWindowMs(HOME_FEED_KEEP_GROUPS.oneMinute);
    expect(keepsHomeFeed(left(MINUTE - 1), 'u1', NOW, window)).toBe(true);
    expect(keepsHomeFeed(left(MINUTE), 'u1', NOW, window)).toBe(false);
    expect(keepsHomeFeed(left(2 * MINUTE), 'u1', NOW, window)).toBe(false);
  });

  it('does not keep what another member left, nothing at all, or a time ahead of the clock', () => {
    expect(keepsHomeFeed(left(1000, 10, 'u2'), 'u1', NOW, 2.5 * MINUTE)).toBe(false);
    expect(keepsHomeFeed(null, 'u1', NOW, 2.5 * MINUTE)).toBe(false);
    expect(keepsHomeFeed(left(-1000), 'u1', NOW, 2.5 * MINUTE)).toBe(false);
  });
});

describe('arriving on the home page', () => {
  const arrive = (l: LeftHome | null, feedCached: boolean) => homeFeedArrival({ left: l, userId: 'u1', now: NOW, windowMs: 2.5 * MINUTE, feedCached });

  it('within the window keeps the cached feed and restores where the member left it', () => {
    expect(arrive(left(30_000, 2400), true)).toEqual({ refresh: false, scroll: { kind: 'restore', y: 2400 } });
  });

  it('after the window refreshes the cached feed and starts at the top', () => {
    expect(arrive(left(3 * MINUTE, 2400), true)).toEqual({ refresh: true, scroll: { kind: 'top' } });
  });

  it('leaves a feed the server has just rendered alone: after the window it only starts at the top', () => {
    expect(arrive(left(3 * MINUTE), false)).toEqual({ refresh: false, scroll: { kind: 'top' } });
    expect(arrive(left(30_000), false)).toEqual({ refresh: false, scroll: null });
  });

  it("follows the router's own rule on a first visit or another member's record", () => {
    expect(arrive(null, false)).toEqual({ refresh: false, scroll: null });
    expect(arrive(left(30_000, 900, 'u2'), true)).toEqual({ refresh: false, scroll: null });
  });
});

describe('the stored time of leaving', () => {
  it('reads back what was written', () => {
    const record = { userId: 'u1', at: NOW, y: 1234.5 };
    expect(parseLeftHome(JSON.stringify(record))).toEqual(record);
  });

  it('reads anything else as none', () => {
    for (const text of [
      null,
      '',
      'not json',
      'null',
      '[]',
      '42',
      '{"userId":"u1","at":"1","y":0}',
      '{"userId":1,"at":1,"y":0}',
      '{"userId":"u1","at":1,"y":-5}',
      '{"userId":"u1","at":1e999,"y":0}',
    ]) {
      expect(parseLeftHome(text), String(text)).toBeNull();
    }
  });
});

describe('a flagged scroll position', () => {
  it('is taken once by the router, and can be withdrawn', () => {
    flagScroll({ kind: 'restore', y: 640 });
    expect(takeFlaggedScroll()).toEqual({ kind: 'restore', y: 640 });
    expect(takeFlaggedScroll()).toBeNull();
    flagScroll({ kind: 'top' });
    flagScroll(null);
    expect(takeFlaggedScroll()).toBeNull();
  });
});

const LOCALES = path.resolve(import.meta.dirname, '../../../src/web/i18n/locales/pages');
const translateIn = (locale: 'en_US' | 'ja') => {
  const messages = JSON.parse(fs.readFileSync(path.join(LOCALES, `${locale}.json`), 'utf8')) as Record<string, string>;
  return translation(createI18n(locale, { [locale]: messages })).t;
};
const en = translateIn('en_US');
const line = (reason: HomeRecommendationReason) => reasonParts(en, reason);

describe('the reason under a home feed tile', () => {
  it('names the person the pin is from, linking to their profile', () => {
    const reason: HomeRecommendationReason = {
      reason: 'followed_user',
      reason_id: '7',
      user: { id: '7', username: 'ada', full_name: 'Ada Lovelace', url: '/ada/' },
    };
    expect(line(reason)).toEqual([{ text: 'From ' }, { text: 'Ada Lovelace', href: '/ada/' }]);
    expect(line({ ...reason, user: { id: '7', username: 'ada', full_name: ' ', url: '/ada/' } })).toEqual([{ text: 'From ' }, { text: 'ada', href: '/ada/' }]);
  });

  it('names the followed board, linking to it', () => {
    const reason: HomeRecommendationReason = {
      reason: 'followed_board',
      reason_id: '9',
      board: { id: '9', name: 'Kitchen ideas', url: '/grace/kitchen-ideas/' },
    };
    expect(line(reason)).toEqual([{ text: 'Because you follow ' }, { text: 'Kitchen ideas', href: '/grace/kitchen-ideas/' }]);
  });

  it('names the followed topic, leading to its search', () => {
    const reason: HomeRecommendationReason = {
      reason: 'followed_interest',
      reason_id: '3',
      interest: { id: '3', name: 'Sourdough bread', url: '/ideas/sourdough-bread/3/' },
    };
    expect(line(reason)).toEqual([{ text: 'Picked for you from ' }, { text: 'Sourdough bread', href: '/search/pins/?q=Sourdough+bread' }]);
  });

  it('names the saved pin the suggestion came from, or says so without a title', () => {
    const reason: HomeRecommendationReason = { reason: 'saved_pin', reason_id: '11', pin: { id: '11', title: 'Lemon tart', url: '/pin/11/' } };
    expect(line(reason)).toEqual([{ text: 'Because you saved ' }, { text: 'Lemon tart', href: '/pin/11/' }]);
    expect(line({ ...reason, pin: { id: '11', title: '', url: '/pin/11/' } })).toEqual([{ text: 'Because of a Pin you saved', href: '/pin/11/' }]);
  });

  it('says a popular pin is popular, with nowhere to go', () => {
    expect(line({ reason: 'popular', reason_id: '5' })).toEqual([{ text: 'Popular on Corkboard' }]);
  });

  it('says nothing when what the reason names is missing, or the reason is unknown', () => {
    expect(line({ reason: 'followed_user', reason_id: '7' })).toEqual([]);
    expect(line({ reason: 'saved_pin', reason_id: '11' })).toEqual([]);
    expect(line({ reason: 'trending', reason_id: '1' } as unknown as HomeRecommendationReason)).toEqual([]);
  });

  it('puts the link where the language puts the name', () => {
    const ja = translateIn('ja');
    const reason: HomeRecommendationReason = { reason: 'followed_user', reason_id: '7', user: { id: '7', username: 'ada', full_name: 'Ada', url: '/ada/' } };
    expect(reasonParts(ja, reason)).toEqual([{ text: 'Ada', href: '/ada/' }, { text: 'さんから' }]);
  });
});

describe("a grid's own line under its tiles", () => {
  const pin = { title: 'Lemon tart', images: { '236x': { url: '/m/a.jpg', width: 236, height: 354, dominant_color: null } } } as unknown as PinJson;

  it('adds one line of fixed height to every tile of a grid that has it, none when compact', () => {
    const plain = pinTileSize(pin, 'default', 'default');
    expect(pinTileSize(pin, 'default', 'default', true)).toEqual({ ratio: plain.ratio, footer: plain.footer + FOOTER_BLOCK });
    expect(pinTileSize(pin, 'signedInDesktop', 'default', true).footer).toBe(pinTileSize(pin, 'signedInDesktop', 'default').footer + FOOTER_BLOCK);
    expect(pinTileSize(pin, 'default', 'compact', true).footer).toBe(0);
  });
});
