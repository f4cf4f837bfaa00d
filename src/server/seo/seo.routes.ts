import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { countPublicPages, publicPages, SITEMAP_KINDS, URLS_PER_SITEMAP, type SitemapEntry } from './sitemap.query.ts';

/** Paths crawlers have no business in: the APIs, forms and the member-only screens. */
const DISALLOWED = ['/resource/', '/_/', '/v3/', '/v5/', '/api/', '/settings/', '/pin-builder/', '/login/', '/signup/', '/admin/'];

/** Sitemaps change as pins are saved; an hour keeps crawlers from rebuilding them on every visit. */
const CACHE_CONTROL = 'public, max-age=3600';

const SitemapParams = z.object({ kind: z.enum(SITEMAP_KINDS), page: z.coerce.number().int().min(1).max(100_000) });

/** robots.txt and the sitemaps of every public pin, board, profile, topic and Today article, and the discovery hubs (sitemaps.org protocol). */
export function registerSeoRoutes(app: FastifyInstance, deps: Deps): void {
  const origin = deps.config.publicUrl.origin;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/robots.txt', { schema: { hide: true } }, (_request, reply) => {
    const lines = ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''];
    return reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(lines.join('\n'));
  });

  typed.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const files: string[] = [];
    for (const kind of SITEMAP_KINDS) {
      const pages = Math.ceil((await countPublicPages(deps.db, kind)) / URLS_PER_SITEMAP);
      for (let page = 1; page <= pages; page++) files.push(`${origin}/sitemaps/${kind}-${String(page)}.xml`);
    }
    return sendXml(reply, sitemapIndex(files));
  });

  typed.get('/sitemaps/:file', { schema: { hide: true, params: z.object({ file: z.string() }) } }, async (request, reply) => {
    const match = /^([a-z]+)-(\d+)\.xml$/.exec(request.params.file);
    const parsed = SitemapParams.safeParse({ kind: match?.[1], page: match?.[2] });
    if (!parsed.success) throw new AppError('not_found');
    const entries = await publicPages(deps.db, parsed.data.kind, parsed.data.page - 1);
    // An empty page past the last is not a sitemap; it answers 404 like any unknown file.
    if (entries.length === 0 && parsed.data.page > 1) throw new AppError('not_found');
    return sendXml(reply, urlSet(origin, entries));
  });
}

function sendXml(reply: FastifyReply, xml: string) {
  return reply.type('application/xml; charset=utf-8').header('cache-control', CACHE_CONTROL).send(xml);
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xmlText = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

export function sitemapIndex(files: string[]): string {
  const items = files.map((loc) => `<sitemap><loc>${xmlText(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items.join('')}</sitemapindex>\n`;
}

export function urlSet(origin: string, entries: SitemapEntry[]): string {
  const items = entries.map((e) => {
    const lastmod = e.lastModified === null ? '' : `<lastmod>${new Date(e.lastModified).toISOString()}</lastmod>`;
    // As the pages' canonical links: non-ASCII encoded, what a path already encodes (a Today slug) left as it is.
    return `<url><loc>${xmlText(new URL(e.path, origin).href)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items.join('')}</urlset>\n`;
}
