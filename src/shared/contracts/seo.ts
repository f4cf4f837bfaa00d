import { z } from 'zod';

/**
 * The crawlers' files (src/server/seo/seo.routes.ts): robots.txt and the sitemaps.org XML. They
 * take no query; each answers a text document, sent as it is (not as JSON).
 */
const NoQuery = z.object({});
const Document = z.string();

/** GET /robots.txt: what crawlers may read, and where the sitemap index is. */
export const RobotsRoute = { querystring: NoQuery, response: { 200: Document } };

/** GET /sitemap.xml: the index of the sitemap files. */
export const SitemapIndexRoute = { querystring: NoQuery, response: { 200: Document } };

/** GET /sitemaps/<kind>-<page>.xml: one sitemap file (an unknown name is a 404). */
export const SitemapFileRoute = { params: z.object({ file: z.string() }), querystring: NoQuery, response: { 200: Document } };
