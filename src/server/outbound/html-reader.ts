import { Parser } from 'htmlparser2';

/**
 * What a page says about itself, collected in one pass of htmlparser2 (a forgiving, streaming
 * HTML parser: malformed markup still yields every tag it can). Nothing is interpreted here;
 * page-metadata.ts and the website check read these lists. Every list and text is bounded, so a
 * hostile page of 2 MB of tags costs a bounded amount of memory.
 */
export type RawPage = {
  /** `<meta property|name=... content=...>` in document order, keys lower-cased. */
  metas: { key: string; content: string }[];
  /** `<link rel=... href=...>`, each rel token separately, lower-cased. */
  links: { rel: string; href: string }[];
  title: string;
  /** Text of each `<script type="application/ld+json">`. */
  jsonLd: string[];
  images: RawImage[];
  /** The first `<base href>`, which relative URLs resolve against. */
  baseHref: string | null;
};

export type RawImage = { src: string; srcset: string; width: number | null; height: number | null; alt: string };

const MAX_METAS = 500;
const MAX_LINKS = 200;
const MAX_IMAGES = 500;
const MAX_JSON_LD = 20;
const MAX_JSON_LD_CHARS = 512 * 1024;
const MAX_TITLE_CHARS = 1000;
const MAX_VALUE_CHARS = 4096;

export function readHtml(html: string): RawPage {
  const page: RawPage = { metas: [], links: [], title: '', jsonLd: [], images: [], baseHref: null };
  let inTitle = false;
  let titleDone = false;
  let jsonLd: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'title' && !titleDone) inTitle = true;
        else if (name === 'meta') addMeta(page, attributes);
        else if (name === 'link') addLinks(page, attributes);
        else if (name === 'img') addImage(page, attributes);
        else if (name === 'base' && page.baseHref === null && attributes['href']) page.baseHref = attributes['href'];
        else if (name === 'script' && (attributes['type'] ?? '').trim().toLowerCase() === 'application/ld+json' && page.jsonLd.length < MAX_JSON_LD)
          jsonLd = '';
      },
      ontext(text) {
        if (inTitle && page.title.length < MAX_TITLE_CHARS) page.title += text;
        if (jsonLd !== null && jsonLd.length < MAX_JSON_LD_CHARS) jsonLd += text;
      },
      onclosetag(name) {
        if (name === 'title' && inTitle) {
          inTitle = false;
          titleDone = true;
        } else if (name === 'script' && jsonLd !== null) {
          if (jsonLd.length < MAX_JSON_LD_CHARS) page.jsonLd.push(jsonLd);
          jsonLd = null;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return page;
}

const clip = (value: string | undefined) => (value ?? '').slice(0, MAX_VALUE_CHARS);

function addMeta(page: RawPage, attributes: Record<string, string>): void {
  const key = (attributes['property'] ?? attributes['name'] ?? attributes['itemprop'] ?? '').trim().toLowerCase();
  const content = attributes['content'];
  if (key === '' || content === undefined || page.metas.length >= MAX_METAS) return;
  page.metas.push({ key: key.slice(0, 100), content: clip(content) });
}

function addLinks(page: RawPage, attributes: Record<string, string>): void {
  const href = attributes['href'];
  if (!href) return;
  for (const rel of (attributes['rel'] ?? '').toLowerCase().split(/\s+/)) {
    if (rel !== '' && page.links.length < MAX_LINKS) page.links.push({ rel, href: clip(href) });
  }
}

function addImage(page: RawPage, attributes: Record<string, string>): void {
  if (page.images.length >= MAX_IMAGES) return;
  // Lazy-loading scripts keep the real address in a data attribute until the image scrolls in.
  const src = attributes['data-src'] ?? attributes['data-lazy-src'] ?? attributes['src'] ?? '';
  const srcset = attributes['data-srcset'] ?? attributes['srcset'] ?? '';
  if (src === '' && srcset === '') return;
  page.images.push({
    src: clip(src),
    srcset: clip(srcset),
    width: dimension(attributes['width']),
    height: dimension(attributes['height']),
    alt: clip(attributes['alt']),
  });
}

function dimension(value: string | undefined): number | null {
  if (value === undefined) return null;
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : null;
}
