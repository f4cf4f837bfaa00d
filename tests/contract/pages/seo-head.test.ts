import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn, visitorClient, withCountedTestApp } from '../../support/factories.ts';
import { ensureClientBuild } from '../../support/server.ts';

/**
 * Pages tell search engines and link previews what they show: the meta description, Open Graph
 * and Twitter tags, and schema.org JSON-LD; never for what is secret.
 */
type JsonLd = { '@context': string; '@type': string } & Record<string, unknown>;

function metaContent(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];
}

function jsonLd(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? '') as JsonLd);
}

describe.each(databaseKinds)('search-engine head of pages on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => {
    t = app;
  });
  beforeAll(() => {
    ensureClientBuild();
  });

  it('a pin page carries its preview and its breadcrumb and product as JSON-LD', async () => {
    const owner = await makeUser(t.deps, 'seller');
    const board = await makeBoard(t.deps, owner, { name: 'Lamps' });
    const { pin } = await makePin(t.deps, owner, board, { title: 'Brass lamp </script><script>alert(1)</script>', link: 'https://shop.example/lamp' });
    const product = { name: 'Brass lamp', brand: 'Lumen', price: '120.00', currency: 'EUR', availability: 'InStock' };
    await t.deps.db
      .insertInto('pin_sources')
      .values({
        pin_id: pin.id,
        source_url: 'https://shop.example/lamp',
        canonical_url: 'https://shop.example/lamp',
        image_url: 'https://shop.example/lamp.jpg',
        provider_name: 'shop.example',
        author_name: null,
        author_url: null,
        license_url: null,
        embed: null,
        rich_metadata: JSON.stringify({ product, recipe: null, article: null }),
        fetched_at: Date.now(),
      })
      .execute();

    const response = await (await visitorClient(t)).get(`/pin/${pin.id}/`, { accept: 'text/html' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const origin = t.deps.config.publicUrl.origin;
    expect(metaContent(html, 'og:url')).toBe(`${origin}/pin/${pin.id}/`);
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'og:image')).toMatch(/\/media\/img\/.+\/736x-/);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'og:title')).toContain('Brass lamp &lt;/script&gt;');
    // The title's markup stays text: no script element of its own.
    expect(html).not.toContain('<script>alert(1)</script>');

    const items = jsonLd(html);
    const crumbs = items.find((i) => i['@type'] === 'BreadcrumbList');
    expect(crumbs?.['itemListElement']).toEqual([
      { '@type': 'ListItem', position: 1, name: owner.username, item: `${origin}/${owner.username}/` },
      { '@type': 'ListItem', position: 2, name: 'Lamps', item: `${origin}/${owner.username}/${board.slug}/` },
      expect.objectContaining({ '@type': 'ListItem', position: 3, item: `${origin}/pin/${pin.id}/` }),
    ]);
    expect(items.find((i) => i['@type'] === 'Product')).toMatchObject({
      '@context': 'https://schema.org',
      brand: { '@type': 'Brand', name: 'Lumen' },
      offers: { '@type': 'Offer', price: '120.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock', url: 'https://shop.example/lamp' },
    });
  });

  it('a board and a profile have previews; a secret pin shown to its owner has no JSON-LD and is not indexed', async () => {
    const owner = await makeUser(t.deps, 'keeper');
    const board = await makeBoard(t.deps, owner, { name: 'Porches', description: 'Front porches we love' });
    await makePin(t.deps, owner, board);
    const visitor = await visitorClient(t);
    const boardHtml = (await visitor.get(`/${owner.username}/${board.slug}/`, { accept: 'text/html' })).body;
    expect(metaContent(boardHtml, 'description')).toBe('Front porches we love');
    expect(metaContent(boardHtml, 'og:image')).toMatch(/\/media\//);
    const profileHtml = (await visitor.get(`/${owner.username}/`, { accept: 'text/html' })).body;
    expect(metaContent(profileHtml, 'og:type')).toBe('profile');

    const secret = await makeBoard(t.deps, owner, { privacy: 'secret' });
    const { pin } = await makePin(t.deps, owner, secret);
    const mine = (await (await signIn(t, owner)).get(`/pin/${pin.id}/`, { accept: 'text/html' })).body;
    expect(mine).toContain('<meta name="robots" content="noindex">');
    expect(jsonLd(mine)).toEqual([]);
  });
});
