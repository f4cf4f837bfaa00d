import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { RobotsRoute, SitemapFileRoute, SitemapIndexRoute } from '../../shared/contracts/seo.ts';
import { publicPages, SITEMAP_KINDS, sitemapFiles } from './sitemap.service.ts';
import { sitemapIndex, urlSet } from './sitemap-xml.ts';

/** Paths crawlers have no business in: the APIs, forms and the member-only screens. */
const DISALLOWED = ['/resource/', '/_/', '/v3/', '/v5/', '/api/', '/settings/', '/pin-builder/', '/login/', '/signup/', '/admin/'];

/** Sitemaps change as pins are saved; an hour keeps crawlers from rebuilding them on every visit. */
const CACHE_CONTROL = 'public, max-age=3600';

const SitemapParams = z.object({ kind: z.enum(SITEMAP_KINDS), page: z.coerce.number().int().min(1).max(100_000) });

/** robots.txt and the sitemaps of every public pin, board, profile, topic and Today article, and the discovery hubs (sitemaps.org protocol). */
export function registerSeoRoutes(app: FastifyInstance, deps: Deps): void {
  const origin = deps.config.publicUrl.origin;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/robots.txt', { schema: { hide: true, ...RobotsRoute } }, (_request, reply) => {
    const lines = ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''];
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL);
    return lines.join('\n');
  });

  typed.get('/sitemap.xml', { schema: { hide: true, ...SitemapIndexRoute } }, async (_request, reply) => {
    const files = await sitemapFiles(deps.db);
    return sendXml(reply, sitemapIndex(files.map(({ kind, page }) => `${origin}/sitemaps/${kind}-${String(page)}.xml`)));
  });

  typed.get('/sitemaps/:file', { schema: { hide: true, ...SitemapFileRoute } }, async (request, reply) => {
    const match = /^([a-z]+)-(\d+)\.xml$/.exec(request.params.file);
    const parsed = SitemapParams.safeParse({ kind: match?.[1], page: match?.[2] });
    if (!parsed.success) throw new AppError('not_found');
    const entries = await publicPages(deps.db, parsed.data.kind, parsed.data.page - 1);
    // An empty page past the last is not a sitemap; it answers 404 like any unknown file.
    if (entries.length === 0 && parsed.data.page > 1) throw new AppError('not_found');
    return sendXml(reply, urlSet(origin, entries));
  });
}

/** The answer's text, sent as it is: a string skips the JSON serializer. */
function sendXml(reply: FastifyReply, xml: string): string {
  reply.type('application/xml; charset=utf-8').header('cache-control', CACHE_CONTROL);
  return xml;
}
