import type { FastifyBaseLogger } from 'fastify';
import type { Bootstrap, InitialState } from '../../shared/bootstrap.ts';
import type { Locale } from '../../shared/constants.ts';
import { htmlLang } from '../../shared/locale.ts';
import type { RouteMatch } from '../../shared/routes.ts';
import type { Experiences } from '../../shared/experiments.ts';
import type { Viewer } from '../../shared/viewer.ts';
import type { PageHead } from '../../web/router/types.ts';
import type { ClientBuild } from './client-build.ts';
import type { PageData } from './page-data.ts';
import { escapeHtml, renderDocument } from './document.ts';
import { buildBootstrap, buildInitialState, pageLocale, type PageRequest } from './page-context.ts';

type PageInput = {
  build: ClientBuild;
  page: PageRequest;
  viewer: Viewer | null;
  /** The route the path resolved to (null: the not-found page). */
  match: RouteMatch | null;
  sessionExpiresAt: number | null;
  /** The viewer's experiment groups, for the bootstrap. */
  experiments: Readonly<Record<string, string>>;
  /** The member's experiences by placement, for the initial state. */
  experiences: Experiences;
  data: PageData;
  /** Whether a member keeps their pages out of search engines (their privacy settings). */
  hiddenFromSearch: (username: string) => Promise<boolean>;
  log: FastifyBaseLogger;
  /** Whether comments can be translated, for the bootstrap. */
  canTranslate: boolean;
};

function unique(items: string[]): string[] {
  return [...new Set(items)];
}

/** Renders the resolved route and wraps it in the document; 404 when no route matched. */
export async function renderPage({
  build,
  page,
  match,
  viewer,
  sessionExpiresAt,
  experiments,
  experiences,
  data,
  hiddenFromSearch,
  log,
  canTranslate,
}: PageInput): Promise<{ status: number; html: string }> {
  const locale = pageLocale(page, viewer);
  const bootstrap = buildBootstrap({ page, match, viewer, locale, appVersion: build.appVersion, sessionExpiresAt, experiments, canTranslate });
  const state = { ...buildInitialState(page.url, viewer), resources: data.resources, experiences };
  const routeScripts = match ? build.routeScripts(match.handlerId) : [];
  const [{ body, head, mode }, coreTexts] = await Promise.all([renderBody(build, { url: page.url, bootstrap, state }, log), build.renderer.coreTexts(locale)]);
  // A page that shows a member's things says what the member chose about search engines.
  const noindex = head.noindex === true || (head.member !== undefined && (await hiddenFromSearch(head.member)));
  const html = renderDocument({
    lang: htmlLang(locale),
    dir: bootstrap.dir,
    title: head.title,
    canonicalUrl: head.canonicalPath === null ? null : new URL(head.canonicalPath, page.url.origin).href,
    noindex,
    preview: head.preview,
    structuredData: noindex ? undefined : head.structuredData,
    stylesheets: build.entry.css,
    scripts: { entry: build.entry.js, preload: unique([...build.entry.preload, ...routeScripts]).filter((js) => js !== build.entry.js) },
    body,
    bootstrap: { ...bootstrap, renderMode: mode },
    state,
    routes: build.routes,
    coreTexts,
  });
  return { status: match && !data.notFound ? 200 : 404, html };
}

type Rendered = { body: string; head: PageHead; mode: Bootstrap['renderMode'] };

/** A render failure degrades to a client render of the same page rather than an error page. */
async function renderBody(build: ClientBuild, input: { url: URL; bootstrap: Bootstrap; state: InitialState }, log: FastifyBaseLogger): Promise<Rendered> {
  try {
    const { html, head } = await build.renderer.renderPage(input);
    return { body: html, head, mode: 'server' };
  } catch (error) {
    log.error({ err: error }, 'server render failed; the browser renders this page');
    return { body: '', head: { title: 'Corkboard', canonicalPath: null }, mode: 'client' };
  }
}

/** A 500 page: static text, plus the error block that stops start-up with a PlatformError. */
export async function renderServerError(build: ClientBuild, locale: Locale): Promise<string> {
  const texts = await build.renderer.errorTexts(locale);
  return renderDocument({
    lang: htmlLang(locale),
    dir: 'ltr',
    title: texts.title,
    canonicalUrl: null,
    noindex: true,
    stylesheets: build.entry.css,
    scripts: { entry: build.entry.js, preload: [] },
    body: `<section style="padding:48px 16px;text-align:center"><h1>${escapeHtml(texts.heading)}</h1><p>${escapeHtml(texts.body)}</p></section>`,
    serverError: texts.body,
  });
}
