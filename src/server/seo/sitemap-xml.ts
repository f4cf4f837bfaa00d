import type { SitemapEntry } from './sitemap.service.ts';

/** The sitemaps.org protocol's two documents: an index of sitemap files, and one file's addresses. */

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
