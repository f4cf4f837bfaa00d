import type { FastifyRequest } from 'fastify';
import { NOT_FOUND_HANDLER, type Bootstrap, type InitialState } from '../../shared/bootstrap.ts';
import type { Locale } from '../../shared/constants.ts';
import { resolveLocale, textDirection } from '../../shared/locale.ts';
import { loginPathFor } from '../../shared/next-location.ts';
import { botType, deviceKind, isMobileDevice } from '../../shared/request-context.ts';
import type { RouteMatch } from '../../shared/routes.ts';
import { daysToExpiration } from '../../shared/session-refresh.ts';
import { requiresSignIn } from '../../shared/settings.ts';
import { readStartupQuery } from '../../shared/startup.ts';
import type { Viewer } from '../../shared/viewer.ts';
import type { Actor } from '../access/actor.ts';

export type PageRequest = { url: URL; userAgent: string; acceptLanguage: string | null };

export function pageRequest(request: FastifyRequest, origin: string): PageRequest {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : null;
  };
  return { url: new URL(request.url, origin), userAgent: header('user-agent') ?? '', acceptLanguage: header('accept-language') };
}

export function pageLocale(page: PageRequest, viewer: Viewer | null): Locale {
  return resolveLocale({ query: page.url.searchParams.get('locale'), viewer: viewer?.locale, acceptLanguage: page.acceptLanguage });
}

/** The start-up object of spec section 3. */
export function buildBootstrap(input: {
  page: PageRequest;
  match: RouteMatch | null;
  viewer: Viewer | null;
  locale: Locale;
  appVersion: string;
  /** When the viewer's browser session ends (epoch ms); null without one. */
  sessionExpiresAt?: number | null;
  /** The viewer's experiment groups (assigned, then the EXPERIMENTS config laid over); bots are in none (spec section 6). */
  experiments?: Readonly<Record<string, string>>;
  /** Whether comments can be translated (the translator port is configured). */
  canTranslate?: boolean;
  now?: number;
}): Bootstrap {
  const { page, match, viewer, locale } = input;
  const expiresAt = viewer ? (input.sessionExpiresAt ?? null) : null;
  const isBot = botType(page.userAgent) !== null;
  return {
    appVersion: input.appVersion,
    experiments: { active: isBot ? {} : { ...input.experiments }, triggerable: {} },
    handlerProps: { params: match?.params ?? {}, path: page.url.pathname, search: page.url.search },
    initialHandlerId: match?.handlerId ?? NOT_FOUND_HANDLER,
    isAuthenticated: viewer !== null,
    isBot,
    isMobile: isMobileDevice(deviceKind(page.userAgent)),
    isPrefetch: false,
    isViewerCache: false,
    daysToExpiration: expiresAt === null ? null : daysToExpiration(expiresAt, input.now ?? Date.now()),
    renderMode: 'server',
    site: 'www',
    enableDefaultSuspense: true,
    locale,
    dir: textDirection(locale),
    canTranslate: input.canTranslate === true,
  };
}

/** When the actor's browser session ends, for the bootstrap's daysToExpiration. */
export function sessionExpiry(actor: Actor): number | null {
  return actor.kind === 'member' ? actor.expiresAt : null;
}

/** A visitor asking for a page only members may see goes to log in, then comes back. */
export function signInRedirect(url: URL, match: RouteMatch | null, signedIn: boolean): string | null {
  if (signedIn || !match || !requiresSignIn(match.handlerId)) return null;
  return loginPathFor(url.pathname + url.search);
}

/** The initial state: what the page embeds and what `GET /_/_/state` answers. */
export function buildInitialState(url: URL, viewer: Viewer | null): InitialState {
  const startup = readStartupQuery(url.searchParams);
  return {
    session: {
      isAuthenticated: viewer !== null,
      isCachedRender: false,
      isPWA: startup.isPWA,
      isPaidTraffic: startup.isPaidTraffic,
      loggedOutUserInfo: null,
    },
    viewer,
    users: viewer ? { [viewer.id]: viewer } : {},
    resources: {},
    experiences: {},
  };
}
