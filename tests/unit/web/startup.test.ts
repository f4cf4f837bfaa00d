import { describe, expect, it } from 'vitest';
import {
  emailVerifiedResult,
  isSearchEngineCacheHost,
  readStartupQuery,
  shouldFlagNewVersion,
  shouldStopStartup,
  startupStorageWrites,
  STORAGE_KEYS,
} from '../../../src/shared/startup.ts';

const query = (search: string) => new URLSearchParams(search);

describe('start-up stops silently (spec section 4)', () => {
  it('on a search-engine cache host', () => {
    expect(isSearchEngineCacheHost('webcache.googleusercontent.com')).toBe(true);
    expect(isSearchEngineCacheHost('cc.bingj.com')).toBe(true);
    expect(isSearchEngineCacheHost('CC.BINGJ.COM')).toBe(true);
    expect(shouldStopStartup(new URL('https://webcache.googleusercontent.com/search?q=cache:x'))).toBe(true);
  });

  it('with server_only in the query string', () => {
    expect(shouldStopStartup(new URL('https://corkboard.example/?server_only=1'))).toBe(true);
    expect(shouldStopStartup(new URL('https://corkboard.example/pin/1?server_only'))).toBe(true);
  });

  it('not on our own host without server_only', () => {
    expect(isSearchEngineCacheHost('corkboard.example')).toBe(false);
    expect(isSearchEngineCacheHost('notwebcache.googleusercontent.com.evil')).toBe(false);
    expect(shouldStopStartup(new URL('https://corkboard.example/?q=server_only'))).toBe(false);
  });
});

describe('start-up query parameters (spec section 2)', () => {
  it('keeps invite_code and records utm_campaign and utm_content', () => {
    const startup = readStartupQuery(query('invite_code=abc&utm_campaign=spring&utm_content=banner'));
    expect(startup).toMatchObject({ inviteCode: 'abc', utmCampaign: 'spring', utmContent: 'banner' });
    expect(startupStorageWrites(startup)).toEqual({
      [STORAGE_KEYS.inviteCode]: 'abc',
      [STORAGE_KEYS.utmCampaign]: 'spring',
      [STORAGE_KEYS.utmContent]: 'banner',
    });
  });

  it('utm_source=homescreen_icon marks an installed web app; other sources do not', () => {
    expect(readStartupQuery(query('utm_source=homescreen_icon')).isPWA).toBe(true);
    expect(readStartupQuery(query('utm_source=newsletter')).isPWA).toBe(false);
  });

  it('utm_pai marks paid traffic', () => {
    expect(readStartupQuery(query('utm_pai=1')).isPaidTraffic).toBe(true);
    expect(readStartupQuery(query('')).isPaidTraffic).toBe(false);
  });

  it('stores ad_img and the oe=1 open-unauth marker', () => {
    const startup = readStartupQuery(query('ad_img=https%3A%2F%2Fcdn.example%2Fa.jpg&oe=1'));
    expect(startup.adImg).toBe('https://cdn.example/a.jpg');
    expect(startup.openUnauth).toBe(true);
    expect(readStartupQuery(query('oe=0')).openUnauth).toBe(false);
    expect(startupStorageWrites(startup)).toMatchObject({ [STORAGE_KEYS.adImg]: 'https://cdn.example/a.jpg', [STORAGE_KEYS.openUnauth]: '1' });
  });

  it('writes nothing for an empty or blank query and bounds long values', () => {
    expect(startupStorageWrites(readStartupQuery(query('invite_code=%20%20')))).toEqual({});
    expect(readStartupQuery(query(`invite_code=${'x'.repeat(2000)}`)).inviteCode).toHaveLength(512);
  });
});

describe('email verification landing', () => {
  it('reads ?email_verified=1 and =0', () => {
    expect(emailVerifiedResult(query('email_verified=1'))).toBe('verified');
    expect(emailVerifiedResult(query('email_verified=0'))).toBe('invalid');
    expect(emailVerifiedResult(query('email_verified=yes'))).toBeNull();
  });
});

describe('new app version (spec section 4)', () => {
  const base = { current: 'v1', received: 'v2', sameSite: true, alreadyFlagged: false };

  it('is flagged when a same-site response names another version', () => {
    expect(shouldFlagNewVersion(base)).toBe(true);
  });

  it('is flagged once per session', () => {
    expect(shouldFlagNewVersion({ ...base, alreadyFlagged: true })).toBe(false);
  });

  it('ignores other sites, missing headers and the same version', () => {
    expect(shouldFlagNewVersion({ ...base, sameSite: false })).toBe(false);
    expect(shouldFlagNewVersion({ ...base, received: null })).toBe(false);
    expect(shouldFlagNewVersion({ ...base, received: 'v1' })).toBe(false);
  });
});
