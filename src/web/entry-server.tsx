import type { i18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { NOT_FOUND_HANDLER, type Bootstrap, type InitialState } from '../shared/bootstrap.ts';
import type { Locale } from '../shared/constants.ts';
import { resourceKey, type ResourceRequest } from '../shared/resource-cache.ts';
import type { RouteMatch } from '../shared/routes.ts';
import { App } from './shell/App.tsx';
import { createI18n, loadBundles, type Bundles } from './i18n/i18n.ts';
import { translation } from './i18n/translate.tsx';
import { initialView } from './router/Router.tsx';
import { handlerSourcePath, loadRoute, resolveRoute, routeTable } from './router/route-table.ts';
import type { PageHead, PageInput, PageResource } from './router/types.ts';
import { notFoundHead } from './ui/not-found-head.ts';

export type RenderInput = { url: URL; bootstrap: Bootstrap; state: InitialState };
export type RenderResult = { html: string; head: PageHead };

/** The handler serving a path, or null for the not-found page. */
export function resolvePage(pathname: string): RouteMatch | null {
  return resolveRoute(pathname);
}

/** Every handler with its source file, so the server can find its chunk in the client manifest. */
export function handlerSources(): Record<string, string> {
  return Object.fromEntries(routeTable.map((entry) => [entry.handlerId, handlerSourcePath(entry.handlerId)]));
}

/** The resources a page renders from, for the server to load before rendering it. */
export async function pageResources(handlerId: string, input: PageInput): Promise<PageResource[]> {
  if (handlerId === NOT_FOUND_HANDLER) return [];
  const module = await loadRoute(handlerId);
  return module.resources?.(input) ?? [];
}

const i18nByLocale = new Map<Locale, Promise<i18n>>();

/** One i18next instance per locale for the process: the server never changes an instance's language. */
function serverI18n(locale: Locale): Promise<i18n> {
  let instance = i18nByLocale.get(locale);
  if (!instance) {
    instance = loadBundles(locale, ['core', 'pages']).then((bundles) => createI18n(locale, bundles));
    i18nByLocale.set(locale, instance);
  }
  return instance;
}

/** Renders `#root`'s markup and the page head; the same tree the browser hydrates. */
export async function renderPage({ url, bootstrap, state }: RenderInput): Promise<RenderResult> {
  const handlerId = bootstrap.initialHandlerId;
  const module = handlerId === NOT_FOUND_HANDLER ? null : await loadRoute(handlerId);
  const i18n = await serverI18n(bootstrap.locale);
  const params = bootstrap.handlerProps.params;
  const view = initialView(url, handlerId, params, module);
  const html = renderToString(<App bootstrap={bootstrap} state={state} i18n={i18n} initialView={view} />);
  const data = (request: ResourceRequest) => {
    const loaded = state.resources[resourceKey(request)]?.cached;
    return loaded && 'data' in loaded ? loaded.data : undefined;
  };
  const context = { t: translation(i18n).t, origin: url.origin, params, search: url.search, viewer: state.viewer, data };
  return { html, head: module ? module.head(context) : notFoundHead(context) };
}

const coreByLocale = new Map<Locale, Promise<Bundles>>();

/** The core texts every page carries for the browser (one object per locale, so serialised once). */
export function coreTexts(locale: Locale): Promise<Bundles> {
  let bundles = coreByLocale.get(locale);
  if (!bundles) {
    bundles = loadBundles(locale, ['core']);
    coreByLocale.set(locale, bundles);
  }
  return bundles;
}

/** The page title of a server-side failure page, in the visitor's language. */
export async function errorTexts(locale: Locale): Promise<{ title: string; heading: string; body: string }> {
  const i18n = await serverI18n(locale);
  return { title: i18n.t('error.unexpected'), heading: i18n.t('error.unexpected'), body: i18n.t('error.default') };
}
