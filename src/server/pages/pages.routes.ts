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
import { ASSETS_DIR, clientBuild, currentAppVersion, type ClientBuild } from './client-build.ts';
import { buildInitialState, pageLocale, pageRequest, sessionExpiry, signInRedirect, type PageRequest } from './page-context.ts';
import { faviconIco, FAVICON_SVG } from './favicon.ts';
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
    return buildInitialState(source, viewer);
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
    const render = () => renderOrFail(build, page, match, request, reply);
    const { status, html } = (await sameForEveryVisitor(build, match, request)) ? await keptForVisitors(build, page, render) : await render();
    return reply.status(status).type('text/html; charset=utf-8').send(html);
  };

  /** A visitor's page whose every resource is the same for every visitor is the same page for each (decision 0016). */
  const sameForEveryVisitor = async (build: ClientBuild, match: RouteMatch | null, request: FastifyRequest) => {
    if (request.actor.kind !== 'visitor' || !match) return false;
    const requests = await build.renderer.pageResources(match.handlerId, { params: match.params, search: '', viewer: null });
    return requests.every((r) => runner.sameForEveryVisitor(r.name));
  };

  /**
   * The page as rendered for this URL and everything else the HTML depends on for a visitor: the
   * locale, whether a bot or a phone asks, the client build. Kept while no commit changed content.
   */
  const keptForVisitors = async (build: ClientBuild, page: PageRequest, render: () => Promise<{ status: number; html: string }>) => {
    const variant = [page.url.pathname + page.url.search, pageLocale(page, null), botType(page.userAgent) ?? '', deviceKind(page.userAgent), build.appVersion];
    const make = async () => {
      const { status, html } = await render();
      return `${String(status)}\n${html}`;
    };
    const kept = await visitorCache.answer(`page\n${variant.join('\n')}`, make, (body) => !body.startsWith('5'));
    const cut = kept.indexOf('\n');
    return { status: Number(kept.slice(0, cut)), html: kept.slice(cut + 1) };
  };

  const hiddenFromSearch = (username: string) => hiddenFromSearchEngines(deps, username);

  const renderOrFail = async (build: ClientBuild, page: PageRequest, match: RouteMatch | null, request: FastifyRequest, reply: FastifyReply) => {
    try {
      const viewer = await loadViewer(deps, request.actor);
      const data = await loadPageData(build, runner, { match, search: page.url.search, viewer, request, reply });
      const experiments = deps.config.experiments;
      return await renderPage({
        build,
        page,
        match,
        viewer,
        sessionExpiresAt: sessionExpiry(request.actor),
        experiments,
        data,
        hiddenFromSearch,
        log: request.log,
      });
    } catch (error) {
      request.log.error({ err: error }, 'page failed');
      return { status: 500, html: await renderServerError(build, DEFAULT_LOCALE) };
    }
  };

  app.get('/', { schema: { hide: true } }, servePage);
  app.get('/*', { schema: { hide: true } }, servePage);
}
