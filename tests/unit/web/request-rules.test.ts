import { describe, expect, it } from 'vitest';
import { botType, deviceKind, isMobileDevice } from '../../../src/shared/request-context.ts';
import { countryFromLocale, shouldRetrySignup } from '../../../src/shared/signup.ts';

describe('bot types (spec section 9)', () => {
  it('recognises google, microsoft, apple, yahoo and yandex', () => {
    expect(botType('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe('google');
    expect(botType('Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)')).toBe('microsoft');
    expect(botType('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1)')).toBe('apple');
    expect(botType('Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)')).toBe('yahoo');
    expect(botType('Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)')).toBe('yandex');
  });

  it('treats browsers as people', () => {
    expect(botType('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0 Safari/537.36')).toBeNull();
    expect(botType('')).toBeNull();
  });
});

describe('device kinds (spec section 9)', () => {
  it('tells phones from tablets and desktops', () => {
    expect(deviceKind('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe('iphone');
    expect(deviceKind('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('ipad');
    expect(deviceKind('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36')).toBe('android');
    expect(deviceKind('Mozilla/5.0 (Linux; Android 14; SM-X710) Safari/537.36')).toBe('android_tablet');
    expect(deviceKind('Mozilla/5.0 (X11; Linux x86_64) Chrome/139.0')).toBe('desktop');
    expect(isMobileDevice('iphone')).toBe(true);
    expect(isMobileDevice('ipad')).toBe(false);
  });
});

describe('sign-up retries (spec section 4)', () => {
  it('retries up to 3 times when the error has no code', () => {
    expect([0, 1, 2, 3].map((done) => shouldRetrySignup(null, done))).toEqual([true, true, true, false]);
  });

  it('retries the two retryable codes and nothing else', () => {
    expect(shouldRetrySignup(17, 0)).toBe(true);
    expect(shouldRetrySignup(18, 0)).toBe(true);
    expect(shouldRetrySignup(12, 0)).toBe(false);
    expect(shouldRetrySignup(14, 0)).toBe(false);
  });

  it('derives the country from the locale', () => {
    expect(countryFromLocale('pt_BR')).toBe('BR');
    expect(countryFromLocale('de')).toBe('DE');
    expect(countryFromLocale('es_419')).toBe('US');
  });
});
