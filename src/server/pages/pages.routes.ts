import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION_HEADER, DEFAULT_LOCALE } from '../../shared/constants.ts';
import { isSignedIn } from '../access/actor.ts';
import type { RouteMatch } from '../../shared/routes.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { ResourceRunner } from '../http/resources.ts';
import type { VisitorCache } from '../http/visitor-cache.ts';
import { botType, deviceKind } from '../../shared/request-context.ts';
import { hiddenFromSearchEngines } from '../users/privacy-settings.service.ts';
import { loadViewer } from '../users/viewer.ts';
import type { Viewer } from '../../shared/viewer.ts';
import { memberExperiences } from '../experiments/experiences.service.ts';
import { requestExperiments } from '../experiments/request-experiments.ts';
import { ensureVisitorId, visitorIdOf } from '../experiments/visitor-id.ts';
import { ASSETS_DIR, clientBuild, currentAppVersion, type ClientBuild } from './client-build.ts';
import { buildInitialState, pageLocale, pageRequest, sessionExpiry, signInRedirect, type PageRequest } from './page-context.ts';
import { faviconIco, FAVICON_SVG } from './favicon.ts';
import { keepConsentCookie } from './consent-cookie.ts';
import { onboardingRedirect } from './onboarding-gate.ts';
import { loadPageData } from './page-data.ts';
import { renderServerError, renderPage } from './render.ts';

/** Paths that belong to an API or to files, never to a page: their 404 stays JSON. */
const NOT_PAGES = /^\/(v3|v5|vx|resource|_|api|media|assets|ads)(\/|$)/;

const StateQuery = z.object({ source_url: z.string().max(2048).optional() });

/**
 * Server-rendered pages for every path the client routes know, the 404 page for the rest,
 * the hashed client assets, `/_/_/state`, and the X-App-Version header on every response.
 */
export async function registerPages(app: FastifyInstance, deps: Deps, runner: ResourceRunner, visitorCache: VisitorCache): Promise<void> {
  let appVersion = currentAppVersion();
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header(APP_VERSION_HEADER, appVersion);
    return payload;
  });

  await app.register(fastifyStatic, {
    root: ASSETS_DIR,
    prefix: '/assets/',
    decorateReply: false,
    suppressWarning: true,
    preCompressed: true,
    index: false,
    // public, max-age=31536000, immutable: content-hashed names never change meaning.
    maxAge: 31_536_000_000,
    immutable: true,
  });

  app.get('/favicon.svg', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(FAVICON_SVG),
  );
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('image/x-icon')
      .header('cache-control', 'public, max-age=86400')
      .send(await faviconIco()),
  );

  app.withTypeProvider<ZodTypeProvider>().get('/_/_/state', { schema: { hide: true, querystring: StateQuery } }, async (request, reply) => {
    const source = new URL(request.query.source_url ?? '/', deps.config.publicUrl.origin);
    const viewer = await loadViewer(deps, request.actor);
    reply.header('cache-control', 'private, no-store');
    const experiences = await memberExperiences(deps, request.actor, await requestExperiments(deps, request, viewer));
    return { ...buildInitialState(source, viewer), experiences };
  });

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = pageRequest(request, deps.config.publicUrl.origin);
    if (NOT_PAGES.test(page.url.pathname)) throw new AppError('not_found');
    const build = await clientBuild();
    if (!build) {
      return reply.status(503).type('text/plain; charset=utf-8').send('The web client is not built yet: run npm run build.');
    }
    appVersion = build.appVersion;
    reply.header('cache-control', 'private, no-cache').header('vary', 'Cookie, Accept-Language');
    const match = build.renderer.resolvePage(page.url.pathname);
    const toLogin = signInRedirect(page.url, match, isSignedIn(request.actor));
    if (toLogin) return reply.redirect(toLogin, 302);
    const toOnboarding = await onboardingRedirect(deps, request.actor, match?.handlerId);
    if (toOnboarding) return reply.redirect(toOnboarding, 302);
    await keepConsentCookie(deps, request, reply);
    const experiments = await pageExperiments(page, request, reply);
    const render = () => renderOrFail(build, page, match, request, reply, experiments);
    const { status, html } = (await sameForEveryVisitor(build, match, request)) ? await keptForVisitors(build, page, experiments, render) : await render();
    return reply.status(status).type('text/html; charset=utf-8').send(html);
  };

  /** A visitor's page whose every resource is the same for every visitor is the same page for each (decision 0016). */
  const sameForEveryVisitor = async (build: ClientBuild, match: RouteMatch | null, request: FastifyRequest) => {
    if (request.actor.kind !== 'visitor' || !match) return false;
    const requests = await build.renderer.pageResources(match.handlerId, { params: match.params, search: '', viewer: null });
    return requests.every((r) => runner.sameForEveryVisitor(r.name));
  };

  /**
   * The viewer's experiment groups, decided before rendering so the HTML holds the variant (no
   * flicker). A visitor's browser gets its random id cookie on the first page (bots none).
   */
  const pageExperiments = async (page: PageRequest, request: FastifyRequest, reply: FastifyReply) => {
    const human = botType(page.userAgent) === null;
    const visitorId = request.actor.kind === 'visitor' && human ? ensureVisitorId(request, reply, deps.config.secureCookies) : visitorIdOf(request);
    return requestExperiments(deps, request, await loadViewer(deps, request.actor), visitorId);
  };

  /**
   * The page as rendered for this URL and everything else the HTML depends on for a visitor: the
   * locale, whether a bot or a phone asks, the client build, the experiment groups. Kept while no
   * commit changed content; visitors share a page when they share groups.
   */
  const keptForVisitors = async (
    build: ClientBuild,
    page: PageRequest,
    experiments: Readonly<Record<string, string>>,
    render: () => Promise<{ status: number; html: string }>,
  ) => {
    const groups = Object.entries(experiments)
      .map(([name, group]) => `${name}=${group}`)
      .sort()
      .join(',');
    const variant = [
      page.url.pathname + page.url.search,
      pageLocale(page, null),
      botType(page.userAgent) ?? '',
      deviceKind(page.userAgent),
      build.appVersion,
      groups,
    ];
    const make = async () => {
      const { status, html } = await render();
      return `${String(status)}\n${html}`;
    };
    const kept = await visitorCache.answer(`page\n${variant.join('\n')}`, make, (body) => !body.startsWith('5'));
    const cut = kept.indexOf('\n');
    return { status: Number(kept.slice(0, cut)), html: kept.slice(cut + 1) };
  };

  const hiddenFromSearch = (username: string) => hiddenFromSearchEngines(deps, username);

  const renderOrFail = async (
    build: ClientBuild,
    page: PageRequest,
    match: RouteMatch | null,
    request: FastifyRequest,
    reply: FastifyReply,
    experiments: Readonly<Record<string, string>>,
  ) => {
    try {
      const viewer: Viewer | null = await loadViewer(deps, request.actor);
      const [data, experiences] = await Promise.all([
        loadPageData(build, runner, { match, search: page.url.search, viewer, request, reply }),
        memberExperiences(deps, request.actor, experiments),
      ]);
      const sessionExpiresAt = sessionExpiry(request.actor);
      return await renderPage({
        build,
        page,
        match,
        viewer,
        sessionExpiresAt,
        experiments,
        experiences,
        data,
        hiddenFromSearch,
        log: request.log,
        canTranslate: deps.ports.translator.available,
      });
    } catch (error) {
      request.log.error({ err: error }, 'page failed');
      return { status: 500, html: await renderServerError(build, DEFAULT_LOCALE) };
    }
  };

  app.get('/', { schema: { hide: true } }, servePage);
  app.get('/*', { schema: { hide: true } }, servePage);
}
