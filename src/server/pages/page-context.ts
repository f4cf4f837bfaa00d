import type { FastifyRequest } from 'fastify';
import { NOT_FOUND_HANDLER, type Bootstrap, type InitialState } from '../../shared/bootstrap.ts';
import type { Locale } from '../../shared/constants.ts';
import { resolveLocale, textDirection } from '../../shared/locale.ts';
import { botType, deviceKind, isMobileDevice } from '../../shared/request-context.ts';
import type { RouteMatch } from '../../shared/routes.ts';
import { readStartupQuery } from '../../shared/startup.ts';
import type { Viewer } from '../../shared/viewer.ts';

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
}): Bootstrap {
  const { page, match, viewer, locale } = input;
  return {
    appVersion: input.appVersion,
    experiments: { active: {}, triggerable: {} },
    handlerProps: { params: match?.params ?? {}, path: page.url.pathname, search: page.url.search },
    initialHandlerId: match?.handlerId ?? NOT_FOUND_HANDLER,
    isAuthenticated: viewer !== null,
    isBot: botType(page.userAgent) !== null,
    isMobile: isMobileDevice(deviceKind(page.userAgent)),
    isPrefetch: false,
    isViewerCache: false,
    daysToExpiration: null,
    renderMode: 'server',
    site: 'www',
    enableDefaultSuspense: true,
    locale,
    dir: textDirection(locale),
  };
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
