import { describe, expect, it } from 'vitest';
import { sitemapIndex, urlSet } from '../../../src/server/seo/sitemap-xml.ts';

const ORIGIN = 'https://cork.example';

describe('sitemap XML', () => {
  it('writes each address once encoded: raw non-ASCII is encoded, an encoded Today slug is kept as it is', () => {
    const xml = urlSet(ORIGIN, [
      { path: '/anna/café-ideas/', lastModified: 0 },
      { path: '/today/best/caf%C3%A9-mornings/12/', lastModified: 86_400_000 },
    ]);
    expect(xml).toContain('<url><loc>https://cork.example/anna/caf%C3%A9-ideas/</loc><lastmod>1970-01-01T00:00:00.000Z</lastmod></url>');
    expect(xml).toContain('<url><loc>https://cork.example/today/best/caf%C3%A9-mornings/12/</loc><lastmod>1970-01-02T00:00:00.000Z</lastmod></url>');
    expect(xml).not.toContain('%25');
  });

  it('leaves out lastmod where no date is known, and escapes what XML needs escaped', () => {
    const xml = urlSet(ORIGIN, [{ path: '/ideas/salt-&-pepper/', lastModified: null }]);
    expect(xml).toContain('<url><loc>https://cork.example/ideas/salt-&amp;-pepper/</loc></url>');
    expect(sitemapIndex([`${ORIGIN}/sitemaps/hubs-1.xml`])).toContain('<sitemap><loc>https://cork.example/sitemaps/hubs-1.xml</loc></sitemap>');
  });
});
