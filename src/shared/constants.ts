/** Business constants of spec section 9 that the client and the page server share. */

/** The locales of spec section 9 (the list names 45, though its heading says 46). */
export const LOCALES = [
  'af_ZA',
  'ar_SA',
  'bg_BG',
  'bn_IN',
  'cs_CZ',
  'da_DK',
  'de',
  'el_GR',
  'en_AU',
  'en_GB',
  'en_IN',
  'en_US',
  'es_419',
  'es_AR',
  'es_ES',
  'es_MX',
  'es_US',
  'fi_FI',
  'fr',
  'he_IL',
  'hi_IN',
  'hr_HR',
  'hu_HU',
  'id_ID',
  'it',
  'ja',
  'ko_KR',
  'ms_MY',
  'nb_NO',
  'nl',
  'pl_PL',
  'pt_BR',
  'pt_PT',
  'ro_RO',
  'ru_RU',
  'sk_SK',
  'sv_SE',
  'te_IN',
  'th_TH',
  'tl_PH',
  'tr',
  'uk_UA',
  'vi_VN',
  'zh_CN',
  'zh_TW',
] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en_US';

/** Arabic and Hebrew render right to left. */
export const RTL_LOCALES: readonly Locale[] = ['ar_SA', 'he_IL'];

/** Screen size classes: sm below 768 px, md below 1024 px, lg otherwise. */
export const SCREEN_SM_MAX = 768;
export const SCREEN_MD_MAX = 1024;
/** Start-up buckets add xs below 640 px and xl from 1280 px. */
export const BUCKET_XS_MAX = 640;
export const BUCKET_LG_MAX = 1280;

export const OFFLINE_BANNER_HIDE_MS = 2000;
export const HYDRATION_DELAY_MS = 500;
export const CHUNK_RETRIES = 3;
export const CHUNK_RETRY_INITIAL_MS = 500;
export const SIGNUP_RETRIES = 3;
export const RESIZE_DEBOUNCE_MS = 200;
export const FINGERPRINT_DELAY_MS = 300;
export const METRICS_FLUSH_MS = 5000;
export const RELATED_FEED_PAGE_SIZE = 12;
/** Token refresh window: more than 0 and up to 90 days until the session expires. */
export const TOKEN_REFRESH_MAX_DAYS = 90;

/** Toasts: bottom on desktop, otherwise at the top 56 px down on a phone, 80 px elsewhere. */
export const TOAST_Z_INDEX = 1500;
export const TOAST_TOP_PHONE_PX = 56;
export const TOAST_TOP_PX = 80;

export const BOT_TYPES = ['google', 'microsoft', 'apple', 'yahoo', 'yandex'] as const;
export type BotType = (typeof BOT_TYPES)[number];

export const DEVICE_KINDS = ['desktop', 'iphone', 'ipad', 'android', 'android_tablet', 'mobile_other'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

export const SEARCH_SCOPES = ['pins', 'buyable_pins', 'my_pins', 'videos', 'boards', 'users', 'idea_pins'] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

/** The header every response carries; the client compares it to spot a newer deployment. */
export const APP_VERSION_HEADER = 'x-app-version';
