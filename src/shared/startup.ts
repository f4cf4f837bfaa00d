/**
 * Start-up rules of spec sections 2 and 4, pure so both the page server and the browser apply
 * them identically.
 */

/** Hosts that serve search-engine cached copies of our pages; the app must not start there. */
const SEARCH_ENGINE_CACHE_HOSTS = [
  'webcache.googleusercontent.com',
  'cc.bingj.com',
  'yandexwebcache.net',
  'cache.yahoofs.jp',
  'translate.googleusercontent.com',
];

export function isSearchEngineCacheHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return SEARCH_ENGINE_CACHE_HOSTS.some((cache) => host === cache || host.endsWith(`.${cache}`));
}

/** Start-up stops silently on a search-engine cache host or with server_only in the query. */
export function shouldStopStartup(url: URL): boolean {
  return isSearchEngineCacheHost(url.hostname) || url.searchParams.has('server_only');
}

export type StartupQuery = {
  inviteCode: string | null;
  utmCampaign: string | null;
  utmContent: string | null;
  /** utm_source=homescreen_icon: the session is an installed web app. */
  isPWA: boolean;
  /** utm_pai: the visit came from paid traffic. */
  isPaidTraffic: boolean;
  adImg: string | null;
  /** oe=1: remember that the visitor opened an unauthenticated page from an email. */
  openUnauth: boolean;
};

const MAX_VALUE_LENGTH = 512;

function param(query: URLSearchParams, name: string): string | null {
  const value = query.get(name)?.trim();
  return value ? value.slice(0, MAX_VALUE_LENGTH) : null;
}

export function readStartupQuery(query: URLSearchParams): StartupQuery {
  return {
    inviteCode: param(query, 'invite_code'),
    utmCampaign: param(query, 'utm_campaign'),
    utmContent: param(query, 'utm_content'),
    isPWA: query.get('utm_source') === 'homescreen_icon',
    isPaidTraffic: query.has('utm_pai'),
    adImg: param(query, 'ad_img'),
    openUnauth: query.get('oe') === '1',
  };
}

/** What start-up writes to session storage: only values the query carried. */
export function startupStorageWrites(startup: StartupQuery): Record<string, string> {
  const writes: Record<string, string> = {};
  if (startup.inviteCode) writes[STORAGE_KEYS.inviteCode] = startup.inviteCode;
  if (startup.utmCampaign) writes[STORAGE_KEYS.utmCampaign] = startup.utmCampaign;
  if (startup.utmContent) writes[STORAGE_KEYS.utmContent] = startup.utmContent;
  if (startup.isPWA) writes[STORAGE_KEYS.isPWA] = '1';
  if (startup.isPaidTraffic) writes[STORAGE_KEYS.isPaidTraffic] = '1';
  if (startup.adImg) writes[STORAGE_KEYS.adImg] = startup.adImg;
  if (startup.openUnauth) writes[STORAGE_KEYS.openUnauth] = '1';
  return writes;
}

export const STORAGE_KEYS = {
  inviteCode: 'corkboard.invite_code',
  utmCampaign: 'corkboard.utm_campaign',
  utmContent: 'corkboard.utm_content',
  isPWA: 'corkboard.is_pwa',
  isPaidTraffic: 'corkboard.is_paid_traffic',
  adImg: 'corkboard.ad_img',
  openUnauth: 'corkboard.oe',
  verifyEmailPrompted: 'corkboard.verify_email_prompted',
  verifyEmailAfterSignup: 'corkboard.verify_email_after_signup',
  appVersionFlagged: 'corkboard.app_version_flagged',
  /** The limited-login prompt opens once per browser session. */
  limitedLoginPrompted: 'corkboard.limited_login_prompted',
} as const;

/**
 * localStorage: the limited-login prompt's next-location memory. Not session storage, because
 * the verification link usually opens in a new tab.
 */
export const NEXT_LOCATION_STORAGE_KEY = 'corkboard.next_location';

/** The email verification link lands on `/?email_verified=1` (or `0` when invalid). */
export function emailVerifiedResult(query: URLSearchParams): 'verified' | 'invalid' | null {
  const value = query.get('email_verified');
  if (value === '1') return 'verified';
  if (value === '0') return 'invalid';
  return null;
}

/** A new app version is flagged once, when a same-site response names a different one. */
export function shouldFlagNewVersion(input: { current: string; received: string | null; sameSite: boolean; alreadyFlagged: boolean }): boolean {
  if (input.alreadyFlagged || !input.sameSite || !input.received) return false;
  return input.received !== input.current;
}
