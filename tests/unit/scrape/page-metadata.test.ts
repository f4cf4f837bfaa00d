import { describe, expect, it } from 'vitest';
import { MAX_FOUND_IMAGES, readPageMetadata } from '../../../src/server/scrape/page-metadata.ts';

const PAGE = new URL('https://www.example.com/recipes/soup?ref=home');
const read = (html: string, url = PAGE) => readPageMetadata(html, url);

describe('page metadata: Open Graph, Twitter cards, canonical link, title and description', () => {
  it('reads Open Graph first, with each og:image described by the properties after it', () => {
    const page = read(`<!doctype html><html><head>
      <title>Tomato soup | Example Kitchen</title>
      <meta name="description" content="The plain description">
      <meta property="og:title" content="Tomato  soup &amp; basil">
      <meta property="og:description" content="A  quick
        weeknight soup.">
      <meta property="og:site_name" content="Example Kitchen">
      <meta property="og:url" content="https://example.com/og-url">
      <meta property="og:image" content="/img/soup.jpg">
      <meta property="og:image:width" content="1200"><meta property="og:image:height" content="800">
      <meta property="og:image:alt" content="A bowl of soup">
      <meta property="og:image" content="http://cdn.example.com/soup-2.jpg">
      <meta property="og:image:secure_url" content="https://cdn.example.com/soup-2.jpg">
      <link rel="canonical" href="/recipes/tomato-soup">
      <meta name="author" content="Ada Cook">
    </head><body></body></html>`);
    expect(page).toMatchObject({
      url: PAGE.href,
      canonical_url: 'https://www.example.com/recipes/tomato-soup',
      domain: 'example.com',
      title: 'Tomato soup & basil',
      description: 'A quick weeknight soup.',
      site_name: 'Example Kitchen',
      author: { name: 'Ada Cook', url: null },
    });
    expect(page.images.slice(0, 2)).toEqual([
      { url: 'https://www.example.com/img/soup.jpg', width: 1200, height: 800, alt: 'A bowl of soup' },
      { url: 'https://cdn.example.com/soup-2.jpg', width: null, height: null, alt: '' },
    ]);
  });

  it('falls back to Twitter cards, then the meta description and <title>', () => {
    const twitter = read(`<head><meta name="twitter:title" content="Card title"><meta name="twitter:description" content="Card text">
      <meta name="twitter:image" content="https://img.example.net/card.png"></head>`);
    expect(twitter).toMatchObject({ title: 'Card title', description: 'Card text', images: [{ url: 'https://img.example.net/card.png' }] });
    const plain = read('<head><title>\n  Plain   page\n</title><meta name="description" content="Only this."></head>');
    expect(plain).toMatchObject({ title: 'Plain page', description: 'Only this.', canonical_url: PAGE.href, site_name: null });
  });

  it('answers empty fields for a page with no metadata at all', () => {
    expect(read('<p>hello')).toEqual({
      url: PAGE.href,
      canonical_url: PAGE.href,
      domain: 'example.com',
      title: '',
      description: '',
      site_name: null,
      images: [],
      author: null,
      license_url: null,
      embed: null,
      product: null,
      recipe: null,
      article: null,
    });
    expect(read('')).toMatchObject({ title: '', images: [] });
  });

  it('reads malformed markup as far as it goes', () => {
    const page = read(
      '<html><head><title>Broken <b>page</title><meta property=og:description content=unquoted><meta property="og:image" content="a.jpg"<body><img src="b.jpg" width=300 height=300><div><p></span>',
    );
    expect(page.title).toBe('Broken <b>page');
    expect(page.description).toBe('unquoted');
    expect(page.images.map((i) => i.url)).toContain('https://www.example.com/recipes/b.jpg');
  });
});

describe('page metadata: images a pin could take', () => {
  it('resolves relative addresses against <base href>, takes the largest srcset candidate and lazy data-src', () => {
    const page = read(`<head><base href="https://static.example.org/assets/"></head><body>
      <img src="photo.jpg" width="640" height="480" alt="Photo">
      <img src="small.jpg" srcset="small.jpg 320w, large.jpg 1280w, medium.jpg 640w">
      <img src="placeholder.gif" data-src="/lazy/real.jpg">
      <img src="//other.example.net/x.webp">
    </body>`);
    expect(page.images.map((i) => i.url)).toEqual([
      'https://static.example.org/assets/photo.jpg',
      'https://static.example.org/assets/large.jpg',
      'https://static.example.org/lazy/real.jpg',
      'https://other.example.net/x.webp',
    ]);
    expect(page.images[0]).toMatchObject({ width: 640, height: 480, alt: 'Photo' });
  });

  it('leaves out icons, spacers, SVG, data: and javascript: addresses and duplicates', () => {
    const page = read(`<meta property="og:image" content="https://example.com/a.jpg">
      <img src="https://example.com/a.jpg"><img src="/icon.png" width="16" height="16"><img src="/logo.svg">
      <img src="data:image/png;base64,AAAA"><img src="javascript:alert(1)"><img src="/ok.jpg" width="100">`);
    expect(page.images.map((i) => i.url)).toEqual(['https://example.com/a.jpg', 'https://www.example.com/ok.jpg']);
  });

  it('answers at most 50 images, however many the page holds', () => {
    const imgs = Array.from({ length: 400 }, (_, i) => `<img src="/p/${i}.jpg">`).join('');
    const page = read(`<body>${imgs}</body>`);
    expect(page.images).toHaveLength(MAX_FOUND_IMAGES);
    expect(page.images[49]?.url).toBe('https://www.example.com/p/49.jpg');
  });
});

describe('page metadata: schema.org JSON-LD', () => {
  const jsonLd = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

  it('reads a product: name, brand, offer price, currency and availability', () => {
    const page = read(
      jsonLd({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Blue mug',
        brand: { '@type': 'Brand', name: 'Potter & Co' },
        image: ['https://shop.example.com/mug.jpg'],
        offers: [{ '@type': 'Offer', price: 12.5, priceCurrency: 'eur', availability: 'https://schema.org/InStock' }],
      }),
    );
    expect(page.product).toEqual({
      name: 'Blue mug',
      brand: 'Potter & Co',
      price: '12.5',
      currency: 'EUR',
      availability: 'InStock',
      price_range: null,
      shipping: null,
      variants: [],
    });
    expect(page.title).toBe('Blue mug');
    expect(page.images[0]?.url).toBe('https://shop.example.com/mug.jpg');
  });

  it('reads a recipe inside an @graph: times, yield, ingredients, rating and author', () => {
    const page = read(
      jsonLd({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'WebSite', name: 'Example Kitchen' },
          {
            '@type': ['Recipe', 'NewsArticle'],
            name: 'Tomato soup',
            prepTime: 'PT10M',
            cookTime: 'PT20M',
            totalTime: 'PT30M',
            recipeYield: ['4', '4 bowls'],
            recipeIngredient: ['4 tomatoes', '  1 onion ', 7, '', '1 l stock'],
            aggregateRating: { ratingValue: '4.6', ratingCount: '128' },
            author: [{ '@type': 'Person', name: 'Ada Cook', url: 'https://example.com/ada' }],
            image: { '@type': 'ImageObject', url: '/soup.jpg' },
          },
        ],
      }),
    );
    expect(page.recipe).toEqual({
      name: 'Tomato soup',
      prep_time: 'PT10M',
      cook_time: 'PT20M',
      total_time: 'PT30M',
      yield: '4',
      ingredients: ['4 tomatoes', '1 onion', '1 l stock'],
      rating: { value: 4.6, count: 128 },
      diets: [],
    });
    expect(page.author).toEqual({ name: 'Ada Cook', url: 'https://example.com/ada' });
    expect(page.article).toMatchObject({ headline: 'Tomato soup', author: { name: 'Ada Cook' } });
    expect(page.images.map((i) => i.url)).toEqual(['https://www.example.com/soup.jpg']);
  });

  it('reads an article from a top-level array, with the author as a plain string', () => {
    const page = read(
      jsonLd([{ '@type': 'BreadcrumbList' }, { '@type': 'schema:BlogPosting', headline: 'Ten soups', author: 'Ada Cook', datePublished: '2024-05-01' }]),
    );
    expect(page.article).toEqual({ headline: 'Ten soups', author: { name: 'Ada Cook', url: null }, published_at: '2024-05-01' });
    expect(page.author).toEqual({ name: 'Ada Cook', url: null });
  });

  it('skips blocks that are not JSON and values of the wrong type', () => {
    const page = read(
      `<script type="application/ld+json">{ not json</script>${jsonLd({ '@type': 'Product', name: { evil: true }, offers: 'free', brand: 42 })}${jsonLd(null)}${jsonLd('text')}`,
    );
    expect(page.product).toEqual({ name: null, brand: '42', price: null, currency: null, availability: null, price_range: null, shipping: null, variants: [] });
  });
});

describe('page metadata: hostile pages', () => {
  it('strips control characters, NUL included, and bounds the lengths of what it keeps', () => {
    const page = read(`<title>a\u0000b\u0007c</title><meta name="description" content="${'long '.repeat(2000)}">`);
    expect(page.title).toBe('abc');
    expect(page.description.length).toBeLessThanOrEqual(1000);
  });

  it('never answers a canonical link or image that is not http(s)', () => {
    const page = read(
      '<link rel="canonical" href="javascript:alert(1)"><meta property="og:url" content="data:text/html,x"><meta property="og:image" content="file:///etc/passwd">',
    );
    expect(page.canonical_url).toBe(PAGE.href);
    expect(page.images).toEqual([]);
  });

  it('reads a page of 2 MB of nested tags in bounded time and memory', () => {
    const huge = `<head><title>Huge</title></head><body>${'<div><img src="/x.jpg" width="1"><meta name="x" content="y">'.repeat(35_000)}</body>`;
    expect(huge.length).toBeGreaterThan(2_000_000);
    const started = performance.now();
    const page = read(huge);
    expect(page.title).toBe('Huge');
    expect(page.images).toEqual([]);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('bounds JSON-LD: deep nesting and thousands of nodes are cut off, not followed', () => {
    let deep: unknown = { '@type': 'Product', name: 'Too deep' };
    for (let i = 0; i < 50; i += 1) deep = { '@graph': [deep] };
    const many = [...Array.from({ length: 5000 }, () => ({ '@type': 'Thing' })), { '@type': 'Product', name: 'Too far' }];
    const page = read(`<script type="application/ld+json">${JSON.stringify(deep)}</script><script type="application/ld+json">${JSON.stringify(many)}</script>`);
    expect(page.product).toBeNull();
  });

  it('keeps a Creative Commons licence and an https Open Graph video for the attribution', () => {
    const page =
      read(`<link rel="license" href="https://creativecommons.org/licenses/by/4.0/"><meta property="og:video" content="https://video.example.com/v.mp4">
      <meta property="og:video:type" content="video/mp4"><meta property="og:video:width" content="1280"><meta property="og:video:height" content="720">`);
    expect(page.license_url).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(page.embed).toEqual({ src: 'https://video.example.com/v.mp4', type: 'video/mp4', width: 1280, height: 720 });
    expect(read('<link rel="license" href="https://example.com/terms"><meta property="og:video" content="http://v.example.com/a.mp4">')).toMatchObject({
      license_url: null,
      embed: null,
    });
  });
});
