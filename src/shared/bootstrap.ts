import type { Locale } from './constants.ts';
import type { LoadedResource } from './resource-cache.ts';
import type { Viewer } from './viewer.ts';

/**
 * What the page server embeds for start-up (spec section 3, "Bootstrap"), as inert JSON in
 * `<script type="application/json" id="cb-bootstrap">`.
 */
export type Bootstrap = {
  appVersion: string;
  experiments: { active: Record<string, string>; triggerable: Record<string, string> };
  handlerProps: { params: Record<string, string>; path: string; search: string };
  /** The handler name of the first page (`index`, `pin/[id]`), or `not-found`. */
  initialHandlerId: string;
  isAuthenticated: boolean;
  isBot: boolean;
  isMobile: boolean;
  isPrefetch: boolean;
  isViewerCache: boolean;
  daysToExpiration: number | null;
  /** `server`: the markup is server rendered and is hydrated; `client`: rendered fresh. */
  renderMode: 'server' | 'client';
  site: string;
  enableDefaultSuspense: boolean;
  locale: Locale;
  dir: 'ltr' | 'rtl';
  /** The instance has a translator (TRANSLATE_URL): comments show a translate button. */
  canTranslate: boolean;
};

/** Handler id → the files to load for it, so start-up can preload and retry chunk loads. */
export type RouteManifest = Record<string, { js: string }>;

export type Session = {
  isAuthenticated: boolean;
  isCachedRender: boolean;
  isPWA: boolean;
  isPaidTraffic: boolean;
  loggedOutUserInfo: null;
};

/** The initial state: also what `GET /_/_/state?source_url=` answers. */
export type InitialState = {
  session: Session;
  viewer: Viewer | null;
  users: Record<string, unknown>;
  /** The resources the page server loaded for the first render, by resourceKey. */
  resources: Record<string, LoadedResource>;
  experiences: Record<string, unknown>;
};

export const BOOTSTRAP_ELEMENT_ID = 'cb-bootstrap';
export const STATE_ELEMENT_ID = 'cb-state';
export const ROUTE_MANIFEST_ELEMENT_ID = 'cb-routes';
export const SERVER_ERROR_ELEMENT_ID = 'cb-error';
/** The core texts of the page's locale and of en_US, which fills the keys it lacks (src/web/i18n/i18n.ts). */
export const CORE_TEXTS_ELEMENT_ID = 'cb-texts';
export const ROOT_ELEMENT_ID = 'root';

/** The pseudo handler of paths no route matches. */
export const NOT_FOUND_HANDLER = 'not-found';
